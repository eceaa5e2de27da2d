import { afterAll, beforeAll, expect, it } from 'vitest';
import { alarms } from '../src/db/schema/index.js';
import { describeEachEngine } from './support/each-engine.js';
import { createRole, createUser } from './support/accounts.js';
import { insertTerminal, type TestTerminal } from './support/gateway.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { caller, type Caller } from './terminals-fixtures.js';

// Seeded departments: 1 centre → 2 ops one → 5 east team; 1 → 3 ops two; 1 → 4 monitoring.
describeEachEngine('alarms and read counters', (engine) => {
  let t: TestApp;
  let admin: Caller;
  let own: Caller;
  let ownToo: Caller;
  let below: Caller;
  let t2: TestTerminal;
  let t3: TestTerminal;
  const id: Record<string, number> = {};
  const ids = (res: { data: { list: Array<{ alarmId: number }> } }) => res.data.list.map((a) => a.alarmId);

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    t2 = await insertTerminal(db, { deptId: 2, name: 'lamp two' });
    t3 = await insertTerminal(db, { deptId: 3, name: 'lamp three' });
    const at = (h: number) => new Date(Date.UTC(2026, 0, 1, h));
    const rows = await db
      .insert(alarms)
      .values([
        { terminalId: t2.terminalId, deptId: 2, kind: 'leakage', status: 1, message: 'leakage 42 mA', value: 42, raisedAt: at(10) },
        { terminalId: t2.terminalId, deptId: 2, kind: 'doorOpen', status: 5, raisedAt: at(11), clearedAt: at(12) },
        { terminalId: t3.terminalId, deptId: 3, kind: 'leakage', status: 1, raisedAt: at(12) },
        { terminalId: t2.terminalId, deptId: 5, kind: 'communicationLost', status: 1, raisedAt: at(13) },
        ...[14, 15, 16].map((h) => ({ terminalId: t3.terminalId, deptId: 4, kind: 'voltageHigh', status: 1, loop: h - 13, raisedAt: at(h) })),
      ])
      .returning();
    ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7'].forEach((k, i) => (id[k] = rows[i].alarmId));
    const role = (key: string, dataScope: string) => createRole(db, key, { dataScope, permissions: ['alarm:alarm:query'] });
    const r3 = await role('alarm-own', '3');
    await createUser(db, 'alarmown', 2, [r3]);
    await createUser(db, 'alarmown2', 2, [r3]);
    await createUser(db, 'alarmbelow', 2, [await role('alarm-below', '4')]);
    admin = caller(t, await t.login());
    own = caller(t, await t.login('alarmown'));
    ownToo = caller(t, await t.login('alarmown2'));
    below = caller(t, await t.login('alarmbelow'));
  });
  afterAll(() => t?.close());

  it('lists alarms newest first with the terminal, filtered, within the alarm department scope', async () => {
    const all = await admin.post('/alarm/list', {});
    expect(all.data.count).toBe(7);
    expect(ids(all).slice(3)).toEqual([id.a4, id.a3, id.a2, id.a1]);
    expect(all.data.list[6]).toMatchObject({
      alarmId: id.a1, terminalName: 'lamp two', sn: t2.sn, kind: 'leakage', status: 1, value: 42, message: 'leakage 42 mA',
      raisedAt: '2026-01-01T10:00:00.000Z', clearedAt: null, read: false,
    });
    expect(ids(await admin.post('/alarm/list', { kind: 'leakage', status: 1 }))).toEqual([id.a3, id.a1]);
    expect(ids(await admin.post('/alarm/list', { terminalId: t2.terminalId, from: '2026-01-01T10:30:00Z', to: '2026-01-01T12:00:00Z' }))).toEqual([id.a2]);
    expect((await admin.post('/alarm/list', { sn: t3.sn, pageSize: 2, pageIndex: 2 })).data).toMatchObject({ count: 4, pageIndex: 2, pageSize: 2 });
    expect(ids(await own.post('/alarm/list', {})).sort()).toEqual([id.a1, id.a2].sort());
    expect(ids(await below.post('/alarm/list', {})).sort()).toEqual([id.a1, id.a2, id.a4].sort());
  });

  it('reads one alarm by path or query, only inside the scope', async () => {
    expect((await own.get(`/alarm/info/${id.a1}`)).data).toMatchObject({ alarmId: id.a1, kind: 'leakage' });
    expect((await own.get(`/alarm/info?id=${id.a2}`)).data).toMatchObject({ alarmId: id.a2, clearedAt: '2026-01-01T12:00:00.000Z' });
    expect((await own.get(`/alarm/info/${id.a3}`)).code).toBe(404);
    expect((await own.get(`/alarm/info?id=${id.a4}`)).code).toBe(404);
    expect(await own.get('/alarm/info')).toMatchObject({ code: 400, msg: expect.stringMatching(/alarmId/) });
  });

  it('counts unread alarms per user and marks them read one, several or all at a time', async () => {
    expect((await own.get('/alarm/number')).data).toMatchObject({ unread: 2, latest: [{ alarmId: id.a2 }, { alarmId: id.a1 }] });
    expect((await own.post('/alarm/number/single', { alarmId: id.a1 })).data).toEqual({ marked: 1 });
    expect((await own.get('/alarm/number')).data).toMatchObject({ unread: 1, latest: [{ alarmId: id.a2 }] });
    expect((await own.get(`/alarm/info/${id.a1}`)).data.read).toBe(true);
    expect((await ownToo.get('/alarm/number')).data.unread).toBe(2);
    expect((await ownToo.get(`/alarm/info/${id.a1}`)).data.read).toBe(false);

    expect((await own.post('/alarm/number/single', { alarmId: id.a3 })).code).toBe(404);
    expect((await ownToo.post('/alarm/number/batch', { alarmIds: [id.a1, id.a3] })).code).toBe(404);
    expect((await ownToo.get('/alarm/number')).data.unread).toBe(2);
    expect((await ownToo.post('/alarm/number/batch', { alarmIds: [id.a1, id.a2, id.a1] })).data).toEqual({ marked: 2 });
    expect((await ownToo.get('/alarm/number')).data).toMatchObject({ unread: 0, latest: [] });

    expect((await below.get('/alarm/number/clear')).data).toEqual({ marked: 3 });
    expect((await below.get('/alarm/number')).data.unread).toBe(0);
    const bell = (await admin.get('/alarm/number')).data;
    expect(bell.unread).toBe(7);
    expect(bell.latest.map((a: { alarmId: number }) => a.alarmId)).toEqual([id.a7, id.a6, id.a5, id.a4, id.a3]);
    expect((await admin.post('/alarm/number/clear', undefined)).data).toEqual({ marked: 7 });
    expect((await admin.post('/alarm/number/clear', undefined)).data).toEqual({ marked: 0 });
    expect((await own.get('/alarm/number')).data.unread).toBe(1);
  });

  it('counts the open alarms (status 1-4, not cleared) for the bell, read or not, and says which', async () => {
    // Every alarm is read by now (the test before): the bell still counts what awaits handling.
    expect((await admin.get('/alarm/number')).data).toMatchObject({
      unread: 0, open: 6,
      openByKind: [{ kind: 'voltageHigh', count: 3 }, { kind: 'leakage', count: 2 }, { kind: 'communicationLost', count: 1 }],
    });
    expect((await own.get('/alarm/number')).data).toMatchObject({ open: 1, openByKind: [{ kind: 'leakage', count: 1 }] });
    expect((await below.get('/alarm/number')).data).toMatchObject({ open: 2, openByKind: [{ kind: 'communicationLost', count: 1 }, { kind: 'leakage', count: 1 }] });
  });

  it('rejects bad input with a message naming the field', async () => {
    expect(await admin.post('/alarm/list', { status: 9 })).toMatchObject({ code: 400, msg: expect.stringMatching(/status/) });
    expect(await admin.post('/alarm/list', { pageSize: 1000 })).toMatchObject({ code: 400, msg: expect.stringMatching(/pageSize/) });
    expect(await admin.post('/alarm/list', { from: 'soon' })).toMatchObject({ code: 400, msg: expect.stringMatching(/from/) });
    expect(await admin.post('/alarm/number/batch', { alarmIds: [] })).toMatchObject({ code: 400, msg: expect.stringMatching(/alarmIds/) });
    expect(await admin.post('/alarm/number/single', { alarmId: 'x' })).toMatchObject({ code: 400, msg: expect.stringMatching(/alarmId/) });
    expect(await admin.get('/alarm/info?id=0')).toMatchObject({ code: 400, msg: expect.stringMatching(/id/) });
  });
});
