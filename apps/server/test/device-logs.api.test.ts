import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOG_TYPE_COMMANDS, TERMINAL_LOG_KINDS } from '@sl/contracts';
import { deviceEvents, terminalCommands, terminalLogs } from '../src/db/schema/index.js';
import { describeEachEngine } from './support/each-engine.js';
import { createRole, createUser } from './support/accounts.js';
import { insertTerminal, type TestTerminal } from './support/gateway.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { caller, type Caller } from './terminals-fixtures.js';

describeEachEngine('device logs', (engine) => {
  let t: TestApp;
  let admin: Caller;
  let viewer: Caller;
  let own: TestTerminal;
  let other: TestTerminal;
  let rdc4m: TestTerminal;
  const logIds: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    own = await insertTerminal(db, { family: 'rdcsm', deptId: 2, name: 'own rdcsm' });
    other = await insertTerminal(db, { family: 'rdcsm', deptId: 3, name: 'other rdcsm' });
    rdc4m = await insertTerminal(db, { family: 'rdc4m', deptId: 2, name: 'own rdc4m' });
    for (const kind of TERMINAL_LOG_KINDS) {
      const rows = await db
        .insert(terminalLogs)
        .values([
          { kind, terminalId: own.terminalId, msg: `${kind} one`, detail: { n: 1 }, createdAt: new Date('2026-01-01T10:00:00Z') },
          { kind, terminalId: own.terminalId, msg: `${kind} two`, createdAt: new Date('2026-01-02T10:00:00Z') },
          { kind, terminalId: other.terminalId, msg: `${kind} other`, createdAt: new Date('2026-01-02T11:00:00Z') },
        ])
        .returning();
      logIds[kind] = rows[0].id;
      logIds[`${kind}:other`] = rows[2].id;
    }
    const soon = new Date(Date.now() + 60_000);
    await db.insert(terminalCommands).values([
      { mid: 'op-1', terminalId: own.terminalId, cmd: 'light.open', params: {}, state: 'succeeded', createdBy: 1, expiresAt: soon, finishedAt: new Date() },
      { mid: 'op-2', terminalId: other.terminalId, cmd: 'lock.set', params: { locked: true }, expiresAt: soon },
      { mid: 'op-3', terminalId: rdc4m.terminalId, cmd: 'light.close', params: {}, expiresAt: soon },
    ]);
    await db.insert(deviceEvents).values([
      { terminalId: own.terminalId, mid: 'e-1', event: 'leakage', state: 'raised', value: 42.5, loop: 2, phase: 'b', ts: new Date('2026-01-01T10:00:00Z') },
      { terminalId: other.terminalId, mid: 'e-2', event: 'doorOpen', state: 'raised', ts: new Date('2026-01-01T11:00:00Z') },
      { terminalId: rdc4m.terminalId, mid: 'e-3', event: 'doorOpen', state: 'cleared', ts: new Date('2026-01-01T12:00:00Z') },
    ]);
    const role = await createRole(db, 'log-viewer', { dataScope: '3', permissions: ['log:leakage:query', 'log:operation:query', 'log:report:query'] });
    await createUser(db, 'logviewer', 2, [role]);
    admin = caller(t, await t.login());
    viewer = caller(t, await t.login('logviewer'));
  });
  afterAll(() => t?.close());

  it('lists each log kind on its own, newest first, with the terminal', async () => {
    for (const kind of TERMINAL_LOG_KINDS) {
      const page = await admin.get(`/log/${kind}/list`);
      expect(page.data.count, kind).toBe(3);
      expect(page.data.list.map((l: { msg: string }) => l.msg)).toEqual([`${kind} other`, `${kind} two`, `${kind} one`]);
      expect(page.data.list[2]).toMatchObject({ kind, terminalName: 'own rdcsm', sn: own.sn, family: 'rdcsm', detail: { n: 1 }, createdAt: '2026-01-01T10:00:00.000Z' });
    }
  });

  it('filters by terminal, serial number and time, and pages', async () => {
    expect((await admin.get(`/log/gmt/list?terminalId=${other.terminalId}`)).data.count).toBe(1);
    expect((await admin.get(`/log/gmt/list?sn=${own.sn.toLowerCase()}`)).data.count).toBe(2);
    expect((await admin.get('/log/gmt/list?from=2026-01-02T00:00:00Z&to=2026-01-02T10:30:00Z')).data.list.map((l: { msg: string }) => l.msg)).toEqual(['gmt two']);
    expect((await admin.get('/log/gmt/list?pageSize=2&pageIndex=2')).data).toMatchObject({ count: 3, pageIndex: 2, list: [{ msg: 'gmt one' }] });
  });

  it('keeps to the data scope and the kind of the path on single reads', async () => {
    expect((await viewer.get('/log/leakage/list')).data.count).toBe(2);
    expect((await viewer.get(`/log/leakage/info/${logIds.leakage}`)).data).toMatchObject({ id: logIds.leakage, msg: 'leakage one' });
    expect((await viewer.get(`/log/leakage/info/${logIds['leakage:other']}`)).code).toBe(404);
    expect((await admin.get(`/log/lock/info/${logIds.leakage}`)).code).toBe(404);
    expect((await viewer.get('/log/lock/list')).code).toBe(403);
  });

  it('answers a burst of kinds, scopes and filters asked at once, each with its own rows (the statements are kept per shape)', async () => {
    const asks = Array.from({ length: 36 }, (_, i) => {
      const kind = TERMINAL_LOG_KINDS[i % TERMINAL_LOG_KINDS.length];
      if (i % 3 === 0) return { who: viewer, url: '/log/leakage/list', msgs: ['leakage two', 'leakage one'] };
      if (i % 3 === 1) return { who: admin, url: `/log/${kind}/list`, msgs: [`${kind} other`, `${kind} two`, `${kind} one`] };
      return { who: admin, url: `/log/${kind}/list?terminalId=${other.terminalId}`, msgs: [`${kind} other`] };
    });
    const pages = await Promise.all(asks.map((a) => a.who.get(a.url)));
    pages.forEach((page, i) => {
      expect(page.data.list.map((l: { msg: string }) => l.msg), asks[i].url).toEqual(asks[i].msgs);
      expect(page.data.count, asks[i].url).toBe(asks[i].msgs.length);
    });
  });

  it('lists the commands sent to rdcsm terminals with who sent them', async () => {
    const all = await admin.get('/rdcsm/50/operation/list');
    expect(all.data.list.map((x: { mid: string }) => x.mid)).toEqual(['op-2', 'op-1']);
    expect(all.data.list[1]).toMatchObject({ cmd: 'light.open', state: 'succeeded', createdBy: 1, createdByName: expect.any(String), terminalName: 'own rdcsm' });
    expect(all.data.list[1].createdByName).not.toBe('');
    expect((await viewer.get('/rdcsm/50/operation/list')).data.list.map((x: { mid: string }) => x.mid)).toEqual(['op-1']);
  });

  it('narrows the commands to a log type of the sl_log_type dictionary: 1 light switching', async () => {
    const switching = await admin.get('/rdcsm/50/operation/list?logType=1');
    expect(switching.data.list.map((x: { mid: string }) => x.mid)).toEqual(['op-1']);
    expect(switching.data.count).toBe(1);
    expect(await admin.get('/rdcsm/50/operation/list?logType=2')).toMatchObject({ code: 400, msg: expect.stringMatching(/logType/) });
    const dict = await admin.get('/dict/databytype/sl_log_type');
    expect(dict.data.map((d: { dictValue: string }) => d.dictValue)).toEqual(Object.keys(LOG_TYPE_COMMANDS));
  });

  it('lists the faults rdcsm terminals reported', async () => {
    const all = await admin.get('/rdcsm/50/report/list');
    expect(all.data.list.map((x: { mid: string }) => x.mid)).toEqual(['e-2', 'e-1']);
    expect(all.data.list[1]).toMatchObject({ event: 'leakage', state: 'raised', value: 42.5, loop: 2, phase: 'B', ts: '2026-01-01T10:00:00.000Z' });
    expect((await viewer.get('/rdcsm/50/report/list')).data.count).toBe(1);
  });

  it('rejects bad input with a message naming the field', async () => {
    expect(await admin.get('/log/heart/list?pageSize=0')).toMatchObject({ code: 400, msg: expect.stringMatching(/pageSize/) });
    expect(await admin.get('/log/heart/list?to=never')).toMatchObject({ code: 400, msg: expect.stringMatching(/to/) });
    expect(await admin.get('/log/heart/info/abc')).toMatchObject({ code: 400, msg: expect.stringMatching(/id/) });
    expect(await admin.get('/rdcsm/50/operation/list?state=lost')).toMatchObject({ code: 400, msg: expect.stringMatching(/state/) });
  });
});
