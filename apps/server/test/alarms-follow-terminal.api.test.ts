import { afterAll, beforeAll, expect, it } from 'vitest';
import { decodeMapFleet, MapState, type TerminalInput } from '@sl/contracts';
import { AlarmWriteRepository } from '../src/alarms/alarm-write-repository.js';
import { alarms } from '../src/db/schema/index.js';
import { createRole, createUser } from './support/accounts.js';
import { describeEachEngine } from './support/each-engine.js';
import { zoneAtNoon } from './support/noon-zone.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';
import { caller, terminalBody, type Caller } from './terminals-fixtures.js';

// Seeded departments: 1 centre → 2 运维一部 (ops one), 1 → 3 运维二部 (ops two).
/** Issue 25 item 17: a terminal moved to another department takes its open alarms with it. */
describeEachEngine('alarms follow their terminal to its new department', (engine) => {
  let t: TestApp;
  let admin: Caller;
  let two: Caller;
  let three: Caller;
  const token: Record<'two' | 'three', string> = { two: '', three: '' };
  let body: TerminalInput & { terminalId: number };
  const id: Record<'open' | 'repairing' | 'closed', number> = { open: 0, repairing: 0, closed: 0 };

  const listed = async (c: Caller) => ((await c.post('/alarm/list', {})).data.list as Array<{ alarmId: number }>).map((a) => a.alarmId).sort();
  /** The terminal's state on the map as the caller sees it; undefined when it is not on the caller's map. */
  const onMap = async (who: 'two' | 'three') => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/map/points', headers: bearer(token[who]) });
    const f = decodeMapFleet(res.rawPayload);
    const i = [...f.ids].indexOf(body.terminalId);
    return i < 0 ? undefined : f.state[i];
  };
  const todayByKind = async (c: Caller) => (await c.get(`/map/summary?tz=${encodeURIComponent(zoneAtNoon())}`)).data.alarmsByKind;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    admin = caller(t, await t.login());
    const role = await createRole(db, 'follow-own', { dataScope: '3', permissions: ['alarm:alarm:query'] });
    await createUser(db, 'follow2', 2, [role]);
    await createUser(db, 'follow3', 3, [role]);
    token.two = await t.login('follow2');
    token.three = await t.login('follow3');
    two = caller(t, token.two);
    three = caller(t, token.three);
    const input = terminalBody({ deptId: 2, name: 'moving lamp', lng: 121.47, lat: 31.23 });
    const added = await admin.post('/terminal/add', input);
    body = { ...input, terminalId: added.data.terminalId };
    const at = new Date();
    const rows = await db
      .insert(alarms)
      .values([
        { terminalId: body.terminalId, deptId: 2, kind: 'lampFailure', status: 1, message: 'lamp failure', raisedAt: at },
        // Under a work order; the device has cleared it but the repair is not done.
        { terminalId: body.terminalId, deptId: 2, kind: 'leakage', status: 4, message: 'leakage', raisedAt: at, clearedAt: at },
        { terminalId: body.terminalId, deptId: 2, kind: 'doorOpen', status: 5, message: 'door open', raisedAt: new Date(Date.UTC(2026, 0, 1)), clearedAt: new Date(Date.UTC(2026, 0, 1, 1)) },
      ])
      .returning();
    [id.open, id.repairing, id.closed] = rows.map((r) => r.alarmId);
  });
  afterAll(() => t?.close());

  it('before the move: the old department sees the alarms, the new one nothing', async () => {
    expect(await listed(two)).toEqual([id.open, id.repairing, id.closed].sort());
    expect(await listed(three)).toEqual([]);
    expect(await onMap('two')).toBe(MapState.alarm);
    expect(await onMap('three')).toBeUndefined();
  });

  it('an edit that keeps the department moves nothing and logs nothing', async () => {
    expect((await admin.put('/terminal/edit', { ...body, name: 'moving lamp, renamed' })).code).toBe(200);
    body = { ...body, name: 'moving lamp, renamed' };
    expect((await admin.post('/alarm/log/list', { alarmId: id.open })).data.list.map((r: { event: string }) => r.event)).not.toContain('followedTerminal');
    expect(await listed(two)).toEqual([id.open, id.repairing, id.closed].sort());
  });

  it('after the move: open alarms are the new department\'s in the list, the map and today\'s counts; closed ones stay', async () => {
    expect((await admin.put('/terminal/edit', { ...body, deptId: 3 })).code).toBe(200);
    expect(await listed(three)).toEqual([id.open, id.repairing].sort());
    expect(await listed(two)).toEqual([id.closed]);
    expect(await onMap('three')).toBe(MapState.alarm);
    expect(await onMap('two')).toBeUndefined();
    expect(await todayByKind(three)).toEqual(expect.arrayContaining([{ kind: 'lampFailure', count: 1 }, { kind: 'leakage', count: 1 }]));
    expect(await todayByKind(two)).toEqual([]);
    expect((await three.get(`/alarm/info/${id.open}`)).data).toMatchObject({ alarmId: id.open, status: 1 });
    expect((await two.get(`/alarm/info/${id.open}`)).code).toBe(404);
  });

  it('each moved alarm\'s timeline says so: who moved it, from which department to which, status unchanged', async () => {
    const log = (await admin.post('/alarm/log/list', { event: 'followedTerminal' })).data.list as Array<Record<string, unknown>>;
    expect(log.map((r) => r.alarmId).sort()).toEqual([id.open, id.repairing].sort());
    expect(log.find((r) => r.alarmId === id.repairing)).toMatchObject({ fromStatus: 4, toStatus: 4, note: '运维一部 → 运维二部', userName: 'admin' });
  });

  it('an alarm raised after the move by a writer holding the old department (a cache) still goes with the terminal', async () => {
    const [row] = await new AlarmWriteRepository(t.database.db).raiseMany([{ terminalId: body.terminalId, deptId: 2, kind: 'voltageHigh', status: 1, message: 'voltage high' }], new Date());
    expect(row.deptId).toBe(3);
    expect(await listed(three)).toContain(row.alarmId);
  });
});
