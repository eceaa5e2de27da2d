import { readFileSync } from 'node:fs';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { AlarmTarget, AlarmWorkflow } from '../src/alarms/alarm-workflow.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { alarmSets, departments, smsLogs, users } from '../src/db/schema/index.js';
import { Scheduler } from '../src/scheduler/scheduler.js';
import { smsRetryJob } from '../src/sms/sms-domain.js';
import type { RecordingSmsProvider, SmsProvider } from '../src/sms/sms-provider.js';
import { SmsRepository } from '../src/sms/sms-repository.js';
import { SmsService } from '../src/sms/sms-service.js';
import { createRole, createUser } from './support/accounts.js';
import { describeEachEngine } from './support/each-engine.js';
import { openTestDatabase, openThrowawayPostgres, PG_ADMIN_URL } from './support/engines.js';
import { insertTerminal } from './support/gateway.js';
import { postgresTemplate } from './support/templates.js';
import { createTestApp, LENIENT_THROTTLE, type TestApp } from './support/test-app.js';
import { testConfig } from './support/test-config.js';
import { caller, type Caller } from './terminals-fixtures.js';

// Seeded departments: 1 centre → 2 ops one → 5 east team; 1 → 3 ops two; 1 → 4 monitoring.
const SET_PERMISSIONS = ['alarm:set:query', 'alarm:set:add', 'alarm:set:edit', 'alarm:set:remove'];
const rdcsm = (over: Record<string, unknown> = {}) => ({ family: 'rdcsm', enabledKinds: ['leakage', 'lampFailure'], ...over });

describeEachEngine('security round 3: alarm settings belong to a department (issue 24, item 3)', (engine) => {
  let t: TestApp;
  let admin: Caller;
  const id: Record<string, number> = {};
  const as: Record<string, Caller> = {};
  let workflow: AlarmWorkflow;
  let rootSetId: number;

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { withGateway: true });
    const db = t.database.db;
    admin = caller(t, await t.login());
    // `three`: scope 3 in department 3 (the prober). `four`: scope 4 in department 2, which has 5 below it.
    // `own2`: scope 3 in department 2, so it does not see 5. `east`: scope 3 in 5. `self`: scope 5 in 2.
    const roles = {
      three: await createRole(db, 'set-scope3', { dataScope: '3', permissions: SET_PERMISSIONS }),
      four: await createRole(db, 'set-scope4', { dataScope: '4', permissions: SET_PERMISSIONS }),
      self: await createRole(db, 'set-scope5', { dataScope: '5', permissions: SET_PERMISSIONS }),
    };
    const people: Array<[string, number, number]> = [['three', 3, roles.three], ['four', 2, roles.four], ['own2', 2, roles.three], ['east', 5, roles.three], ['self', 2, roles.self]];
    for (const [name, deptId, roleId] of people) {
      id[name] = await createUser(db, `set-${name}`, deptId, [roleId]);
      as[name] = caller(t, await t.login(`set-${name}`));
    }
    id.admin = (await db.select().from(users).where(eq(users.username, 'admin')))[0].userId;
    for (const userId of Object.values(id)) await db.update(users).set({ phone: `1390000${String(userId).padStart(4, '0')}` }).where(eq(users.userId, userId));
    workflow = t.app.services.core.alarms;
    // The administrator's settings: the root department's, which every department without its own follows.
    const root = await admin.post('/alarm/addSet', rdcsm({ enabledKinds: ['leakage'], smsUserIds: [id.admin, id.own2] }));
    expect(root).toMatchObject({ code: 200, data: { deptId: 1 } });
    rootSetId = root.data.setId;
  });
  afterAll(() => t?.close());

  const setCount = async () => (await t.database.db.select({ n: count() }).from(alarmSets))[0].n;
  const setsRows = () => t.database.db.select().from(alarmSets).orderBy(asc(alarmSets.setId));

  /** A new lamp of `deptId` (one open alarm per terminal and kind, so each case takes its own). */
  async function lamp(deptId: number): Promise<AlarmTarget> {
    const { terminalId } = await insertTerminal(t.database.db, { family: 'rdcsm', deptId });
    return { terminalId, name: `lamp ${terminalId}`, deptId, family: 'rdcsm' };
  }

  /** Raises an alarm as the gateway does and answers who got a text about it, once its texts are logged. */
  async function textedFor(target: AlarmTarget, kind = 'leakage'): Promise<number[]> {
    const row = await workflow.raise(target, kind);
    expect(row).toBeDefined();
    const texted = () => t.database.db.select({ userId: smsLogs.userId }).from(smsLogs).where(eq(smsLogs.alarmId, row!.alarmId));
    await expect.poll(async () => (await texted()).length, { timeout: 10_000 }).toBeGreaterThan(0);
    return (await texted()).map((r) => r.userId!).sort((a, b) => a - b);
  }

  it("refuses the issue's probe: a scope-3 user cannot see or change the root's settings, and answers as for a missing set", async () => {
    const before = await setsRows();
    const body = { ...rdcsm(), smsUserIds: [id.three] };
    const probe = await as.three.put('/alarm/updateSet', { ...body, setId: rootSetId });
    const missing = await as.three.put('/alarm/updateSet', { ...body, setId: 999_999 });
    expect(probe).toMatchObject({ code: 404 });
    expect(probe.msg).toBe(missing.msg.replace('999999', String(rootSetId)));
    expect((await as.three.post('/alarm/delData', { setId: rootSetId })).code).toBe(404);
    expect((await as.three.post('/alarm/setList', {})).data).toMatchObject({ count: 0, list: [] });
    // Another department's settings, by naming it: 404 as for a department that does not exist.
    expect((await as.three.post('/alarm/addSet', { ...body, deptId: 2 })).code).toBe(404);
    expect((await as.three.get('/alarm/set/rdcsm/info?deptId=2')).code).toBe(404);
    expect((await as.three.post('/alarm/setList', { deptId: 2 })).data.count).toBe(0);
    // Scope 5 ("self") covers no department.
    expect((await as.self.post('/alarm/addSet', body)).code).toBe(404);
    expect((await as.self.get('/alarm/set/rdcsm/info')).code).toBe(404);
    expect(await setsRows()).toEqual(before);
  });

  it('accepts as texted only existing users of the settings’ department or below whom the caller sees (400 naming smsUserIds)', async () => {
    const n = await setCount();
    for (const smsUserIds of [[999_999], [id.three, id.four], [id.admin]]) {
      const res = await as.three.post('/alarm/addSet', rdcsm({ smsUserIds }));
      expect(res.code, String(smsUserIds)).toBe(400);
      expect(res.msg).toMatch(/^smsUserIds: user .* is not in department 3 or below/);
    }
    // The administrator is no exception: the root's people must be the root's, and existing.
    expect((await admin.put('/alarm/updateSet', rdcsm({ setId: rootSetId, smsUserIds: [id.admin, 999_999] }))).msg).toMatch(/smsUserIds: user 999999 /);
    expect(await setCount()).toBe(n);
    // Department 5 lies below 2: a scope-4 user of 2 may name its people in 2's settings.
    const two = await as.four.post('/alarm/addSet', rdcsm({ deptId: 2, smsUserIds: [id.four, id.east], enabledKinds: ['leakage', 'doorOpen'] }));
    expect(two).toMatchObject({ code: 200, data: { deptId: 2, smsUserIds: [id.four, id.east] } });
    expect((await as.four.post('/alarm/delData', { setId: two.data.setId })).code).toBe(200);
  });

  it("refuses changes to settings that also govern departments below outside the caller's scope", async () => {
    const before = await setsRows();
    const res = await as.own2.post('/alarm/addSet', rdcsm({ smsUserIds: [id.own2] }));
    expect(res).toMatchObject({ code: 400, msg: expect.stringMatching(/^deptId: the alarm settings of department 2 also govern departments below it/) });
    expect((await as.own2.post('/alarm/set/rdcsm/reset', {})).code).toBe(400);
    expect(await setsRows()).toEqual(before);
    // A department without any below it: its own scope-3 user may.
    const east = await as.east.post('/alarm/addSet', rdcsm({ smsUserIds: [id.east] }));
    expect(east).toMatchObject({ code: 200, data: { deptId: 5 } });
    expect((await as.east.post('/alarm/set/rdcsm/reset', {})).data).toMatchObject({ setId: 0, deptId: 5, fromDeptId: 1 });
  });

  it("shows a department without its own settings those it follows, without the other department's people", async () => {
    const info = await as.four.get('/alarm/set/rdcsm/info?deptId=5');
    expect(info).toMatchObject({ code: 200, data: { setId: 0, deptId: 5, fromDeptId: 1, enabledKinds: ['leakage'], smsUserIds: [] } });
    expect((await as.four.post('/alarm/setList', {})).data.count).toBe(0);
    expect((await admin.post('/alarm/setList', { deptId: 1 })).data).toMatchObject({ count: 1, list: [{ setId: rootSetId, deptId: 1 }] });
  });

  it("texts an alarm only to the people of the settings in force for its terminal whose scope covers the terminal", async () => {
    // The issue: a scope-3 user names themself in their department's settings, then an alarm of another department is raised.
    const own = await as.three.post('/alarm/addSet', rdcsm({ smsUserIds: [id.three] }));
    expect(own).toMatchObject({ code: 200, data: { deptId: 3, smsUserIds: [id.three] } });
    // Department 2 follows the root's settings: the administrator, and own2 (scope 3 in 2) for 2's own terminals.
    expect(await textedFor(await lamp(2))).toEqual([id.admin, id.own2].sort((a, b) => a - b));
    // Department 5 also follows the root's, but own2's scope does not cover 5.
    expect(await textedFor(await lamp(5))).toEqual([id.admin]);
    // Department 3 has its own: its own person, and not the root's.
    expect(await textedFor(await lamp(3))).toEqual([id.three]);
    // A disabled account gets nothing.
    await t.database.db.update(users).set({ status: '1' }).where(eq(users.userId, id.own2));
    t.app.services.principals.forgetAll();
    expect(await textedFor(await lamp(2))).toEqual([id.admin]);
    await t.database.db.update(users).set({ status: '2' }).where(eq(users.userId, id.own2));
    t.app.services.principals.forgetAll();
    expect((await as.three.post('/alarm/delData', { setId: own.data.setId })).code).toBe(200);
  });

  it("applies each department's settings to its terminals and those below without their own", async () => {
    const settings = t.app.services.core.alarmSettings;
    // The root raises leakage only; department 2 raises door-open only, at severity 1.
    const two = await as.four.post('/alarm/addSet', rdcsm({ deptId: 2, enabledKinds: ['doorOpen'], severities: { doorOpen: 1 } }));
    expect(two.code).toBe(200);
    const [inTwo, inFive, inThree] = [await lamp(2), await lamp(5), await lamp(3)];
    expect(await workflow.raise(inTwo, 'leakage')).toBeUndefined();
    expect(await workflow.raise(inFive, 'doorOpen')).toMatchObject({ severity: 1 });
    expect(await workflow.raise(inThree, 'doorOpen')).toBeUndefined();
    expect(await workflow.raise(inThree, 'leakage')).toBeDefined();
    // A terminal without a department follows the root's settings.
    expect((await settings.rules('rdcsm', null)).setId).toBe(rootSetId);
    expect((await as.four.post('/alarm/delData', { setId: two.data.setId })).code).toBe(200);
    expect(await workflow.raise(inTwo, 'doorOpen')).toBeUndefined();
  });

  it('migrates global settings to the root department, with a copy for any other top-level department', async () => {
    const database = await openTestDatabase(engine, 'seeded');
    try {
      const db = database.db;
      // Back to the shape before the migration, with one global setting and a second top-level department.
      await db.execute(sql`drop index alarm_set_dept_family`);
      await db.execute(sql`alter table alarm_set drop column dept_id`);
      await db.execute(sql`create unique index alarm_set_family on alarm_set (family)`);
      await db.execute(sql`insert into alarm_set (family, enabled_kinds, sms_user_ids) values ('rdc4m', '["leakage"]', '[1]')`);
      const [other] = await db.insert(departments).values({ parentId: 0, deptPath: '', deptName: 'other tree', sort: 5 }).returning();
      await db.update(departments).set({ deptPath: `/0/${other.deptId}` }).where(eq(departments.deptId, other.deptId));
      const migration = readFileSync(new URL('../drizzle/0017_alarm_set_dept.sql', import.meta.url), 'utf8');
      for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
      const rows = await db.select({ deptId: alarmSets.deptId, family: alarmSets.family, enabledKinds: alarmSets.enabledKinds }).from(alarmSets).orderBy(asc(alarmSets.deptId));
      expect(rows).toEqual([
        { deptId: 1, family: 'rdc4m', enabledKinds: ['leakage'] },
        { deptId: other.deptId, family: 'rdc4m', enabledKinds: ['leakage'] },
      ]);
      await expect(db.execute(sql`insert into alarm_set (dept_id, family, enabled_kinds) values (1, 'rdc4m', '[]')`)).rejects.toThrow();
      await db.execute(sql`insert into alarm_set (dept_id, family, enabled_kinds) values (2, 'rdc4m', '[]')`);
      expect((await db.select({ n: count() }).from(alarmSets).where(and(eq(alarmSets.family, 'rdc4m'), inArray(alarmSets.deptId, [1, 2]))))[0].n).toBe(2);
    } finally {
      await database.close();
    }
  });
});

const silent = { info() {}, error() {} };
const T0 = new Date('2026-04-01T08:00:00Z');

/**
 * Three server instances on one database: on PostgreSQL each with its own connection pool, as separate processes
 * would be; PGlite, in-process, is opened once and shared by the three. (Skipped, with a message, without PostgreSQL.)
 */
describeEachEngine('security round 3: each SMS retry is sent once across instances (issue 24, item 9)', (engine) => {
  let first: Database;
  const extra: Database[] = [];
  const apps: Array<Awaited<ReturnType<typeof buildApp>>> = [];
  let phoneSerial = 0;

  beforeAll(async () => {
    const config = testConfig();
    first = engine === 'postgres' ? await openThrowawayPostgres(PG_ADMIN_URL, 'sl_test', postgresTemplate('seeded')) : await openTestDatabase('pglite', 'seeded');
    for (let i = 1; i < 3 && engine === 'postgres'; i++) {
      const url = new URL(PG_ADMIN_URL);
      url.pathname = `/${(first as Database & { name: string }).name}`;
      extra.push(await openDatabase({ databaseUrl: url.toString() }));
    }
    const handles = engine === 'postgres' ? [first, ...extra] : [first, first, first];
    for (const database of handles) apps.push(await buildApp({ config, database, throttle: LENIENT_THROTTLE }));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of extra) await database.close();
    await first?.close();
  });

  const providers = () => apps.map((app) => app.services.sms.provider as RecordingSmsProvider);
  const sentPhones = () => providers().flatMap((p) => p.sent.map((m) => m.phone));

  /** `n` messages whose first attempt failed, due again at `T0`; answers their phones. */
  async function pendingTexts(n: number): Promise<string[]> {
    const phones = Array.from({ length: n }, () => `1370000${String(phoneSerial++).padStart(4, '0')}`);
    await first.db.insert(smsLogs).values(
      phones.map((phone) => ({ phone, template: 'alarm', params: {}, content: 'retry me', provider: 'record', attempts: 1, lastError: 'gateway timeout', nextAttemptAt: T0 })),
    );
    return phones;
  }

  const statesOf = async (phones: string[]) =>
    (await first.db.select({ state: smsLogs.state, attempts: smsLogs.attempts }).from(smsLogs).where(inArray(smsLogs.phone, phones))).map((r) => `${r.state}/${r.attempts}`);

  it('runs the retries as the one scheduler job: three instances ticking at once send each due retry once', async () => {
    const phones = await pendingTexts(45); // more than one claim's batch
    const schedulers = apps.map((app) => {
      const s = new Scheduler(app.services.db, silent, { now: () => new Date(T0.getTime() + 1000) });
      s.register(smsRetryJob(app.services.sms));
      return s;
    });
    await Promise.all(schedulers.map((s) => s.tick()));
    expect(sentPhones().sort()).toEqual([...phones].sort());
    expect(new Set(await statesOf(phones))).toEqual(new Set(['sent/2']));
    // Not due again: another round of ticks sends nothing.
    await Promise.all(schedulers.map((s) => s.tick()));
    expect(sentPhones()).toHaveLength(45);
    for (const s of schedulers) await s.stop();
    for (const p of providers()) p.sent.length = 0;
  });

  it('claims each due row, so retry runs overlapping on three instances still send each message once', async () => {
    const phones = await pendingTexts(60);
    const now = new Date(T0.getTime() + 2000);
    const counts = await Promise.all(apps.flatMap((app) => [app.services.sms.retryDue(now), app.services.sms.retryDue(now)]));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(60);
    expect(sentPhones().sort()).toEqual([...phones].sort());
    expect(new Set(await statesOf(phones))).toEqual(new Set(['sent/2']));
    for (const p of providers()) p.sent.length = 0;
  });

  it('leaves a message alone while its first attempt is under way on another instance', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: SmsProvider & { calls: number } = { name: 'slow', calls: 0, send: async () => void (slow.calls++, await gate) };
    const sender = new SmsService(new SmsRepository(first.db), slow, { error: () => undefined });
    const sending = sender.send([{ userId: null, phone: '13611112222', deptId: null }], 'alarm', { alarmId: '1', terminal: 't', kind: 'k' });
    await expect.poll(() => slow.calls).toBe(1);
    expect(await Promise.all(apps.map((app) => app.services.sms.retryDue(new Date())))).toEqual([0, 0, 0]);
    release();
    expect((await sending)[0]).toMatchObject({ state: 'sent', attempts: 1 });
    expect(sentPhones()).toEqual([]);
  });
});
