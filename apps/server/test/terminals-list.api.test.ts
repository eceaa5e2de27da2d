import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from './support/each-engine.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { addTerminal, caller, type Caller } from './terminals-fixtures.js';

describeEachEngine('terminals: lists, filters and summaries', (engine) => {
  let t: TestApp;
  let api: Caller;
  beforeAll(async () => {
    t = await createTestApp(engine);
    api = caller(t, await t.login());
    // 12 terminals: statuses 1-4 thrice, families alternating, departments 2, 3, 5.
    for (let i = 0; i < 12; i++) {
      await addTerminal(api, {
        sn: `LST-${String(i).padStart(3, '0')}`, name: i === 7 ? 'Harbour lamp' : `Street ${i}`,
        family: i % 2 ? 'rdc4m' : 'rdcsm', model: i < 4 ? 1 : 2, status: ((i % 4) + 1) as 1 | 2 | 3 | 4,
        deptId: [2, 3, 5][i % 3], manufacturer: i === 5 ? 'TL' : 'HW', area: i < 6 ? 'East' : 'West', lng: i === 11 ? null : 121.4 + i / 100, lat: 31.2,
      });
    }
  });
  afterAll(() => t?.close());

  const sns = (res: { data: { list: Array<{ sn: string }> } }) => res.data.list.map((r) => r.sn);

  it('pages the list under every spelling', async () => {
    const first = await api.get('/terminalList?pageSize=5');
    expect(first.data).toMatchObject({ count: 12, pageIndex: 1, pageSize: 5 });
    expect(sns(first)).toEqual(['LST-000', 'LST-001', 'LST-002', 'LST-003', 'LST-004']);
    expect(sns(await api.get('/terminal/list?pageSize=5&pageIndex=3'))).toEqual(['LST-010', 'LST-011']);
    const posted = await api.post('/terminal/list', { pageIndex: 2, pageSize: 5, family: 'rdc4m' });
    expect(posted.data.count).toBe(6);
    expect(sns(posted)).toEqual(['LST-011']);
  });

  it('pages by cursor (afterId) as by page number, with the same count; a bad cursor is 400', async () => {
    const pages = [await api.get('/terminal/list?pageSize=5&pageIndex=1&family=rdcsm'), await api.get('/terminal/list?pageSize=5&pageIndex=2&family=rdcsm')];
    const last = pages[0].data.list.at(-1).terminalId;
    const byCursor = await api.get(`/terminal/list?pageSize=5&pageIndex=2&family=rdcsm&afterId=${last}`);
    expect(sns(byCursor)).toEqual(sns(pages[1]));
    expect(sns(byCursor)).toEqual(['LST-010']);
    expect(byCursor.data).toMatchObject({ count: 6, pageIndex: 2, pageSize: 5 });
    const posted = await api.post('/terminal/list', { pageIndex: 2, pageSize: 3, afterId: pages[0].data.list[1].terminalId });
    expect(sns(posted)).toEqual(['LST-003', 'LST-004', 'LST-005']);
    const bad = await api.get('/terminal/list?afterId=abc');
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('afterId');
  });

  it('pages a text-filtered list (its few matches sorted rather than walked) in id order, by number and by cursor', async () => {
    const first = await api.get('/terminal/list?pageSize=2&pageIndex=1&area=west');
    expect(first.data.count).toBe(6);
    expect(sns(first)).toEqual(['LST-006', 'LST-007']);
    expect(sns(await api.get('/terminal/list?pageSize=2&pageIndex=3&area=west'))).toEqual(['LST-010', 'LST-011']);
    const next = await api.get(`/terminal/list?pageSize=2&pageIndex=2&area=west&afterId=${first.data.list[1].terminalId}`);
    expect(sns(next)).toEqual(['LST-008', 'LST-009']);
    expect(next.data.count).toBe(6);
    const keyword = await api.post('/terminal/list', { pageIndex: 1, pageSize: 3, keyword: 'lst-00', family: 'rdc4m' });
    expect(sns(keyword)).toEqual(['LST-001', 'LST-003', 'LST-005']);
    expect(keyword.data.count).toBe(5);
  });

  it('answers a text-filtered page past its matches with no rows and the full count, by number and by cursor', async () => {
    const west = await api.get('/terminal/list?pageSize=6&pageIndex=1&area=west');
    expect(sns(west)).toEqual(['LST-006', 'LST-007', 'LST-008', 'LST-009', 'LST-010', 'LST-011']);
    const beyond = await api.get('/terminal/list?pageSize=4&pageIndex=3&area=west');
    expect(beyond.data).toMatchObject({ list: [], count: 6, pageIndex: 3, pageSize: 4 });
    const afterLast = await api.get(`/terminal/list?pageSize=4&pageIndex=2&area=west&afterId=${west.data.list.at(-1).terminalId}`);
    expect(afterLast.data).toMatchObject({ list: [], count: 6 });
    const partial = await api.get('/terminal/list?pageSize=4&pageIndex=2&area=west');
    expect(sns(partial)).toEqual(['LST-010', 'LST-011']);
    expect((await api.get('/terminal/list?sn=nothing-like-this')).data).toMatchObject({ list: [], count: 0 });
  });

  it('filters by every field; status 6 means all', async () => {
    const count = async (qs: string) => (await api.get(`/terminal/list?${qs}`)).data.count;
    expect(await count('status=6')).toBe(12);
    expect(await count('status=3')).toBe(3);
    expect(await count('family=rdcsm')).toBe(6);
    expect(await count('model=1')).toBe(4);
    expect(await count('sn=lst-01')).toBe(2);
    expect(await count('name=harbour')).toBe(1);
    expect(await count('manufacturer=TL')).toBe(1);
    expect(await count('area=West')).toBe(6);
    expect(await count('onlineState=2')).toBe(12);
    expect(await count('onlineState=1')).toBe(0);
    expect(await count('registerState=1')).toBe(0);
    expect(await count('deptId=3')).toBe(4);
    expect(await count('deptId=2')).toBe(8); // department 2 and 5 below it
    expect(await count('deptId=2&status=6&family=rdc4m')).toBe(4);
  });

  it('narrows the per-family lists to their family', async () => {
    const sm = await api.get('/rdcsm/terminal/list?pageSize=50');
    expect(sm.data.count).toBe(6);
    expect(sm.data.list.every((r: { family: string }) => r.family === 'rdcsm')).toBe(true);
    const one = sm.data.list[0].terminalId;
    expect((await api.get(`/rdcsm/terminal/info/${one}`)).code).toBe(200);
    expect((await api.get(`/rdc4m/terminal/info/${one}`)).code).toBe(404);
    expect((await api.get(`/rdcsm/terminal/data/${one}`)).data.count).toBe(0);
  });

  it('counts the tabs', async () => {
    expect((await api.get('/terminal/tab')).data).toEqual({ total: 12, online: 0, offline: 12, abnormal: 0, inFactory: 3, warehouse: 3, inUse: 3, underRepair: 3, scrapped: 0 });
  });

  it('answers pickers and positions', async () => {
    const picks = (await api.get('/terminal/query?keyword=harb')).data;
    expect(picks).toEqual([{ terminalId: expect.any(Number), sn: 'LST-007', name: 'Harbour lamp', family: 'rdc4m' }]);
    expect((await api.get('/terminal/query')).data).toHaveLength(12);
    const id = picks[0].terminalId;
    expect((await api.get(`/imsi/position/location/now?terminalId=${id}`)).data).toMatchObject({ terminalId: id, lng: 121.47, lat: 31.2, lastSeenAt: null });
    expect((await api.get(`/imsi/position/location/last?terminalId=${id}`)).data).toHaveProperty('lastSeenAt');
    expect((await api.get('/imsi/position/location/now')).data).toBeNull();
    const points = (await api.get('/imsi/position/location/a/last')).data;
    expect(points).toHaveLength(11);
    expect(points[0]).toEqual({ terminalId: expect.any(Number), sn: 'LST-000', name: 'Street 0', lng: 121.4, lat: 31.2, onlineState: 2 });
  });

  it('lists the inventory (in factory or warehouse) and deletes only inventory terminals', async () => {
    const inv = await api.get('/terminal/inventory/list?pageSize=50');
    expect(inv.data.count).toBe(6);
    expect(new Set(inv.data.list.map((r: { status: number }) => r.status))).toEqual(new Set([1, 2]));
    expect((await api.get('/terminal/inventory/list?status=2')).data.count).toBe(3);
    expect((await api.get('/terminal/inventory/list?status=3')).code).toBe(400);
    const repairing = (await api.get('/terminal/list?status=4')).data.list[0].terminalId;
    expect((await api.del(`/terminal/inventory/delete/${inv.data.list[0].terminalId},${repairing}`)).code).toBe(400);
    expect((await api.del(`/terminal/inventory/delete/${inv.data.list[0].terminalId}`)).code).toBe(200);
    expect((await api.get('/terminal/inventory/list')).data.count).toBe(5);
  });
});
