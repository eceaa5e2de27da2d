import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRole, createUser } from './support/accounts.js';
import { describeEachEngine } from './support/each-engine.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { addTerminal, caller, terminalBody, type Caller } from './terminals-fixtures.js';

const ALL = ['query', 'add', 'edit', 'remove', 'status'].map((a) => `terminal:terminal:${a}`);

// Seeded departments: 1 centre → 2 ops one → 5 east team; 1 → 3 ops two.
describeEachEngine('terminals: data scope', (engine) => {
  let t: TestApp;
  let admin: Caller;
  let own: Caller;
  let below: Caller;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    admin = caller(t, await t.login());
    for (const dept of [2, 3, 5]) ids[`d${dept}`] = (await addTerminal(admin, { deptId: dept, name: `in ${dept}`, lng: 121, lat: 31 })).terminalId;
    await createUser(db, 'own2', 2, [await createRole(db, 'scope3', { dataScope: '3', permissions: [...ALL, 'terminal:inventory:query'] })]);
    await createUser(db, 'below2', 2, [await createRole(db, 'scope4', { dataScope: '4', permissions: ALL })]);
    own = caller(t, await t.login('own2'));
    below = caller(t, await t.login('below2'));
  });
  afterAll(() => t?.close());

  it('scope 3 in department 2 sees only department-2 terminals in every list', async () => {
    const list = (await own.get('/terminal/list?pageSize=100')).data;
    expect(list.list.map((r: { terminalId: number }) => r.terminalId)).toEqual([ids.d2]);
    expect(list.count).toBe(1);
    expect((await own.get('/terminal/tab')).data.total).toBe(1);
    expect((await own.get('/terminal/query')).data).toHaveLength(1);
    expect((await own.get('/imsi/position/location/a/last')).data).toHaveLength(1);
    expect((await own.get('/terminal/inventory/list')).data.count).toBe(1);
    expect((await below.get('/terminal/list')).data.count).toBe(2);
  });

  it('a single read or write of another department\'s terminal is 404', async () => {
    expect((await own.get(`/terminal/info/${ids.d2}`)).code).toBe(200);
    for (const other of [ids.d3, ids.d5]) {
      expect(await own.get(`/terminal/info/${other}`)).toMatchObject({ code: 404, msg: expect.stringMatching(/outside your data scope/) });
      expect((await own.get(`/terminal/datas/${other}`)).code).toBe(404);
      expect((await own.get(`/imsi/position/location/now?terminalId=${other}`)).code).toBe(404);
      expect((await own.put('/terminal/status/update', { terminalId: other, status: 2, reason: 'x' })).code).toBe(404);
      expect((await own.put('/terminal/edit', { ...terminalBody(), terminalId: other })).code).toBe(404);
    }
    expect((await own.del(`/terminal/del/${ids.d2},${ids.d3}`)).code).toBe(404);
    expect((await admin.get(`/terminal/info/${ids.d2}`)).code).toBe(200);
  });

  it('cannot place a terminal in a department outside its scope', async () => {
    expect(await own.post('/terminal/add', terminalBody({ deptId: 3 }))).toMatchObject({ code: 400, msg: expect.stringMatching(/Department 3/) });
    expect((await own.post('/terminal/add', terminalBody({ deptId: 2 }))).code).toBe(200);
    expect((await below.post('/terminal/add', terminalBody({ deptId: 5 }))).code).toBe(200);
  });
});
