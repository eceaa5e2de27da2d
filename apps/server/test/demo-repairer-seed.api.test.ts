import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, describe } from 'vitest';
import { alarms, userRoles, users } from '../src/db/schema/index.js';
import { seedDatabase } from '../src/seed/seed.js';
import { DEMO_REPAIRERS } from '../src/seed/seed-demo-repairers.js';
import { seedDemoTerminals } from '../src/seed/seed-demo-terminals.js';
import { describeEachEngine } from './support/each-engine.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { caller } from './terminals-fixtures.js';

describe('demo maintenance user', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp('pglite', { DEMO: 'true' })));
  afterAll(() => t?.close());

  it('has a phone in 运维一部, signs in, and is offered as the assignee of an alarm there', async () => {
    const [u] = await t.database.db.select().from(users).where(eq(users.username, 'repairer'));
    expect(u).toMatchObject({ deptId: 2, phone: '13800138000' });
    const repairer = caller(t, await t.login('repairer', '123456'));
    expect((await repairer.post('/dispatch/workorder/mine', {})).code).toBe(200);
    const admin = caller(t, await t.login());
    const terminal = await admin.post('/terminal/add', { sn: 'DEMOFIX1', name: 'demo fix', family: 'rdcsm', model: 2, deptId: 2 });
    const alarm = await admin.post('/alarm/add', { terminalId: terminal.data.terminalId, kind: 'lampFailure' });
    const assignees = await admin.post('/dispatch/workorder/assignees', { alarmIds: [alarm.data.alarmId] });
    expect(assignees.data.map((a: { userId: number }) => a.userId)).toContain(u.userId);
  });
});

describeEachEngine('demo repairers: every demo terminal’s alarm can be dispatched', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { DEMO: 'true' });
    await seedDemoTerminals(t.database.db, { demoSecret: 'demo-fleet' });
  });
  afterAll(() => t?.close());

  it('seeds one repairer with a phone per demo department, and a start finds them in place (added again only when missing)', async () => {
    const db = t.database.db;
    const rows = await db.select().from(users).where(inArray(users.username, DEMO_REPAIRERS.map((r) => r.username)));
    expect(new Set(rows.map((r) => r.deptId))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(rows.every((r) => /^1\d{10}$/.test(r.phone))).toBe(true);
    // An installation seeded before the other repairers: the next start adds them, with the repairer role, once.
    const gone = rows.filter((r) => r.username !== 'repairer').map((r) => r.userId);
    await db.delete(users).where(inArray(users.userId, gone));
    await seedDatabase(db, t.config);
    await seedDatabase(db, t.config);
    const again = await db.select({ userId: users.userId }).from(users).where(inArray(users.username, DEMO_REPAIRERS.map((r) => r.username)));
    expect(again).toHaveLength(DEMO_REPAIRERS.length);
    expect(await db.select().from(userRoles).where(inArray(userRoles.userId, again.map((r) => r.userId)))).toHaveLength(DEMO_REPAIRERS.length);
    expect((await t.login('repairer3', '123456')).length).toBeGreaterThan(20);
  });

  it("dispatches an alarm of each of the 30 demo terminals to its department's repairer, whose phone the order carries", async () => {
    const admin = caller(t, await t.login());
    const terminals = (await admin.get('/terminal/list?pageIndex=1&pageSize=100&sn=DEMO-')).data.list as Array<{ terminalId: number; deptId: number }>;
    expect(terminals).toHaveLength(30);
    const repairers = await t.database.db.select().from(users).where(inArray(users.username, DEMO_REPAIRERS.map((r) => r.username)));
    for (const terminal of terminals) {
      const alarm = await admin.post('/alarm/add', { terminalId: terminal.terminalId, kind: 'lampFailure' });
      expect(alarm.code, `alarm of terminal ${terminal.terminalId}`).toBe(200);
      const assignees = (await admin.post('/dispatch/workorder/assignees', { alarmIds: [alarm.data.alarmId] })).data as Array<{ userId: number; phone: string }>;
      const own = repairers.find((r) => r.deptId === terminal.deptId)!;
      expect(assignees.map((a) => a.userId), `dept ${terminal.deptId}`).toContain(own.userId);
      const order = await admin.post('/dispatch/workorder/add', { alarmIds: [alarm.data.alarmId], assigneeId: own.userId });
      expect(order.code, order.msg).toBe(200);
      const info = await admin.get(`/dispatch/workorder/info/${order.data.orderId}`);
      expect(info.data).toMatchObject({ assigneeId: own.userId, assigneePhone: own.phone });
    }
    // Each repairer sees the orders sent to them.
    const mine = await caller(t, await t.login('repairer4', '123456')).post('/dispatch/workorder/mine', {});
    expect(mine.code, mine.msg).toBe(200);
    expect(mine.data.list).toHaveLength(terminals.filter((x) => x.deptId === 4).length);
    expect(await t.database.db.select().from(alarms)).toHaveLength(30);
  });
});
