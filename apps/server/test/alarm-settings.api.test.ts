import { afterAll, beforeAll, expect, it } from 'vitest';
import { AlarmWorkflow } from '../src/alarms/alarm-workflow.js';
import { AlarmWriteRepository } from '../src/alarms/alarm-write-repository.js';
import { silentLog } from '../src/gateway/device-transport.js';
import { describeEachEngine } from './support/each-engine.js';
import { insertTerminal } from './support/gateway.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';
import { caller, type Caller } from './terminals-fixtures.js';

describeEachEngine('alarm settings per family, applied to the next device event', (engine) => {
  let t: TestApp;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = caller(t, await t.login());
  });
  afterAll(() => t?.close());

  it('adds, refuses a second set of a family, updates, shows the defaults, resets', async () => {
    const body = { family: 'rdc4m', enabledKinds: ['leakage', 'doorOpen'], thresholds: { voltageHigh: 250, voltageLow: 190 }, debounceS: 30, smsUserIds: [1] };
    const added = await admin.post('/alarm/addSet', body);
    expect(added).toMatchObject({ code: 200, data: { family: 'rdc4m', enabledKinds: ['leakage', 'doorOpen'], thresholds: { voltageHigh: 250, currentHigh: null } } });
    expect((await admin.post('/alarm/addSet', body)).code).toBe(400);
    expect((await admin.post('/alarm/addSet', { ...body, family: 'rdcsm', thresholds: { voltageHigh: 180, voltageLow: 190 } })).msg).toMatch(/voltageLow must be below voltageHigh/);
    expect((await admin.post('/alarm/addSet', { ...body, family: 'rdcsm', enabledKinds: ['nonsense'] })).code).toBe(400);
    const setId = added.data.setId;
    expect((await admin.put('/alarm/updateSet', { ...body, setId, debounceS: 60 })).data.debounceS).toBe(60);
    expect((await admin.post('/alarm/setList', {})).data).toMatchObject({ count: 1, list: [{ setId, family: 'rdc4m' }] });
    expect((await admin.get('/alarm/set/rdcsm/info')).data).toMatchObject({ setId: 0, family: 'rdcsm', enabledKinds: expect.arrayContaining(['lampFailure', 'leakage']) });
    const reset = await t.app.inject({ method: 'POST', url: '/api/v1/alarm/set/rdc4m/reset', headers: bearer(await t.login()), payload: {} });
    expect(reset.json()).toMatchObject({ code: 200, msg: 'alarm settings reset' });
    expect((await admin.get('/alarm/set/rdc4m/info')).data.setId).toBe(0);
    expect((await admin.post('/alarm/delData', { setId })).code).toBe(404);
  });

  it("serves the spec's /alarm/set/{list,add,update,del} and /alarm/set/rdc4m/... forms and /alarm/set/info without a family", async () => {
    const body = { enabledKinds: ['leakage'], debounceS: 5 };
    expect((await admin.post('/alarm/set/rdc4m/add', { ...body, family: 'rdcsm' })).msg).toMatch(/family must be rdc4m/);
    const four = await admin.post('/alarm/set/rdc4m/add', body);
    expect(four).toMatchObject({ code: 200, data: { family: 'rdc4m', debounceS: 5 } });
    const single = await admin.post('/alarm/set/add', { ...body, family: 'rdcsm' });
    expect(single).toMatchObject({ code: 200, data: { family: 'rdcsm' } });
    expect((await admin.post('/alarm/set/list', {})).data.count).toBe(2);
    expect((await admin.post('/alarm/set/rdc4m/list', {})).data).toMatchObject({ count: 1, list: [{ setId: four.data.setId }] });
    expect((await admin.put('/alarm/set/update', { ...body, family: 'rdcsm', setId: single.data.setId, debounceS: 9 })).data.debounceS).toBe(9);
    expect((await admin.put('/alarm/set/rdc4m/update', { ...body, setId: four.data.setId, debounceS: 7 })).data.debounceS).toBe(7);
    // The rdc4m forms do not reach another family's settings.
    expect((await admin.put('/alarm/set/rdc4m/update', { ...body, setId: single.data.setId })).code).toBe(404);
    expect((await admin.post('/alarm/set/rdc4m/del', { setId: single.data.setId })).code).toBe(404);
    expect((await admin.get('/alarm/set/info')).data).toMatchObject({ setId: single.data.setId, family: 'rdcsm', debounceS: 9 });
    expect((await admin.get('/alarm/set/info?family=rdc4m')).data).toMatchObject({ setId: four.data.setId, debounceS: 7 });
    expect((await admin.get('/alarm/set/info?family=x')).code).toBe(400);
    expect((await admin.post('/alarm/set/rdc4m/del', { setId: four.data.setId })).code).toBe(200);
    expect((await admin.post('/alarm/set/del', { setId: single.data.setId })).code).toBe(200);
    expect((await admin.post('/alarm/set/list', {})).data.count).toBe(0);
  });

  it('a kind switched off stops raising at once, and raises again when switched on', async () => {
    const db = t.database.db;
    const settings = t.app.services.core.alarmSettings;
    const workflow = new AlarmWorkflow(new AlarmWriteRepository(db), () => undefined, silentLog, settings);
    const lamp = await insertTerminal(db, { family: 'rdcsm', deptId: 2 });
    const target = { terminalId: lamp.terminalId, name: 'lamp', deptId: 2, family: 'rdcsm' };
    const { setId } = (await admin.post('/alarm/addSet', { family: 'rdcsm', enabledKinds: ['leakage'] })).data;
    expect(await workflow.raise(target, 'lampFailure')).toBeUndefined();
    expect(await workflow.raise(target, 'leakage')).toBeDefined();
    await admin.put('/alarm/updateSet', { setId, family: 'rdcsm', enabledKinds: ['leakage', 'lampFailure'] });
    expect(await workflow.raise(target, 'lampFailure')).toBeDefined();
    // A person entering an alarm by hand is not filtered by the settings.
    await admin.put('/alarm/updateSet', { setId, family: 'rdcsm', enabledKinds: [] });
    expect((await admin.post('/alarm/add', { terminalId: lamp.terminalId, kind: 'doorOpen' })).code).toBe(200);
    expect((await admin.post('/alarm/delData', { setId })).code).toBe(200);
    expect(await workflow.raise(target, 'voltageHigh')).toBeDefined();
  });
});
