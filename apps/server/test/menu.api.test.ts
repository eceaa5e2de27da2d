import type { MenuNode } from '@sl/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from './support/each-engine.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';

const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describeEachEngine('menu API', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  const menuOf = async (username: string) =>
    (await t.app.inject({ url: '/api/v1/menurole', headers: bearer(await t.login(username)) })).json();

  it('gives the administrator every functional area, digital map first, without buttons', async () => {
    const res = await menuOf('admin');
    expect(res.code).toBe(200);
    const roots = res.data.map((n: MenuNode) => n.menuName);
    expect(roots).toEqual(['Dashboard', 'Terminal', 'Alarm', 'Dispatch', 'Asset', 'Policy', 'Plan', 'Log', 'Notice', 'Report', 'System']);
    expect(res.data[0]).toMatchObject({ path: '/dashboard', component: 'dashboard/index', menuType: 'C', title: '数字地图', visible: '0' });
    const all = flatten(res.data);
    expect(all.every((n) => n.menuType !== 'F')).toBe(true);
    expect(all.filter((n) => n.menuType === 'M').every((n) => n.component === 'Layout' && n.path.startsWith('/'))).toBe(true);
    const alarm = res.data.find((n: MenuNode) => n.menuName === 'Alarm');
    expect(alarm.path).toBe('/bjsz');
    expect(alarm.children[0]).toMatchObject({ menuName: 'AlarmList', path: 'list' });
  });

  it('gives a role only its granted menus', async () => {
    const res = await menuOf('visitor');
    expect(res.data.map((n: MenuNode) => n.menuName)).toEqual(['Dashboard']);
    const operator = (await menuOf('operator')).data.map((n: MenuNode) => n.menuName);
    expect(operator).toEqual(['Dashboard', 'Terminal', 'Alarm', 'Notice']);
  });

  it('is refused without a token', async () => {
    expect((await t.app.inject('/api/v1/menurole')).json().code).toBe(401);
  });

  it('describes the API in OpenAPI', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/v1/getinfo', '/api/v1/menurole', '/refreshtoken']));
    expect((await t.app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });
});
