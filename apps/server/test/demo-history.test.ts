import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AlarmStatus, COMMUNICATION_LOST } from '@sl/contracts';
import { alarmLogs, alarms, demoHistory, heartbeatRollupDepts, heartbeats, terminalLogs, terminals, workOrders } from '../src/db/schema/index.js';
import { writeDemoHistory } from '../src/demo/demo-history.js';
import { DemoHistoryRepository } from '../src/demo/demo-history-repository.js';
import { partitionsOf } from '../src/fleet/partitions.js';
import { seedDemoEnterprises } from '../src/seed/seed-demo-enterprises.js';
import { seedDemoTerminals } from '../src/seed/seed-demo-terminals.js';
import { describeEachEngine } from './support/each-engine.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { caller } from './terminals-fixtures.js';

const DAY_MS = 86_400_000;

describeEachEngine('demo history', (engine) => {
  let t: TestApp;
  const now = new Date();
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  beforeAll(async () => {
    t = await createTestApp(engine, { DEMO: 'true' });
    await seedDemoEnterprises(t.database.db);
    await seedDemoTerminals(t.database.db, { demoSecret: t.config.DEMO_DEVICE_SECRET });
  });
  afterAll(() => t?.close());
  const heartbeatCount = async () => (await t.database.db.select({ n: count() }).from(heartbeats))[0].n;

  it('writes a week of heartbeats, faults, alarms, device logs and rollups for the demo terminals, once', async () => {
    const first = await writeDemoHistory({ db: t.database.db, config: t.config, now });
    expect(first).toMatchObject({ claimed: true, written: true, terminals: 30 });
    // One a minute for a week, less the offline spells.
    expect(first.heartbeats).toBeGreaterThan(30 * 7 * 1440 * 0.97);
    expect(first.heartbeats).toBeLessThanOrEqual(30 * 7 * 1440);
    expect(await heartbeatCount()).toBe(first.heartbeats);
    // The past days have their own partitions: nothing went to the default one.
    const days = (await partitionsOf(t.database.db, 'heartbeat')).map((p) => p.day.getTime());
    for (let d = Math.floor(weekAgo.getTime() / DAY_MS) * DAY_MS; d <= now.getTime(); d += DAY_MS) expect(days).toContain(d);
    const inDefault = await t.database.db.execute(sql`select count(*)::int as n from heartbeat_default`);
    expect((inDefault as unknown as { rows: Array<{ n: number }> }).rows[0].n).toBe(0);

    const again = await writeDemoHistory({ db: t.database.db, config: t.config, now: new Date(now.getTime() + 60_000) });
    expect(again).toMatchObject({ claimed: false, written: false, unfinished: false });
    expect(await heartbeatCount()).toBe(first.heartbeats);
  }, 300_000);

  it('leaves a writing cut short to its instance for ten minutes, then lets a later start redo it', async () => {
    const repo = new DemoHistoryRepository(t.database.db);
    await t.database.db.update(demoHistory).set({ finishedAt: null, startedAt: new Date(Date.now() - 5 * 60_000) });
    expect(await writeDemoHistory({ db: t.database.db, config: t.config, now: new Date() })).toMatchObject({ claimed: false, unfinished: true });
    await t.database.db.update(demoHistory).set({ startedAt: new Date(Date.now() - 11 * 60_000) });
    expect(await repo.claim(7, new Date(Date.now() - 10 * 60_000))).toBe(true);
    expect(await repo.claim(7, new Date(Date.now() - 10 * 60_000))).toBe(false);
    await repo.finish();
    expect((await repo.marker())?.finishedAt).toBeInstanceOf(Date);
  });

  it('shows on the terminal plots and in the statistics', async () => {
    const api = caller(t, await t.login());
    const [lamp] = await t.database.db.select().from(terminals).where(eq(terminals.sn, 'DEMO-4M-002'));
    const range = `from=${encodeURIComponent(weekAgo.toISOString())}&to=${encodeURIComponent(now.toISOString())}`;
    const history = await api.get(`/terminal/history/${lamp.terminalId}?${range}&points=168`);
    expect(history.code).toBe(200);
    expect(history.data.points.length).toBeGreaterThan(150);
    const points = history.data.points as Array<{ onShare: number | null; dim: number | null; energyKwh: number; voltageA: number }>;
    // Lit by night, dark by day; dimmed after midnight; the meter only goes up.
    expect(points.some((p) => p.onShare === 1) && points.some((p) => p.onShare === 0)).toBe(true);
    expect(points.some((p) => p.dim !== null && p.dim < 100)).toBe(true);
    expect(points.every((p, i) => i === 0 || p.energyKwh >= points[i - 1].energyKwh)).toBe(true);
    expect(points.every((p) => p.voltageA > 180 && p.voltageA < 240)).toBe(true);

    const stats = await api.get(`/heart/data/rdc4m/statistics?${range}`);
    expect(stats.code).toBe(200);
    expect(stats.data.length).toBeGreaterThanOrEqual(7);
    expect(stats.data.every((d: { energyKwh: number }) => d.energyKwh > 0)).toBe(true);
    const rollupDays = await t.database.db.select({ n: count() }).from(heartbeatRollupDepts);
    expect(rollupDays[0].n).toBeGreaterThan(7);
  });

  it('leaves a handful of closed alarms through the real statuses, and device logs of the offline spells', async () => {
    const db = t.database.db;
    const rows = await db.select().from(alarms);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.length).toBeLessThan(60);
    expect(rows.every((a) => a.raisedAt >= weekAgo && a.raisedAt < now)).toBe(true);
    expect(rows.every((a) => a.status === AlarmStatus.autoRepairComplete || a.status === AlarmStatus.repairComplete)).toBe(true);
    expect(rows.some((a) => a.kind === COMMUNICATION_LOST)).toBe(true);
    const repaired = rows.filter((a) => a.status === AlarmStatus.repairComplete);
    expect(repaired.length).toBeGreaterThan(0);
    const trail = await db.select().from(alarmLogs).where(eq(alarmLogs.alarmId, repaired[0].alarmId)).orderBy(alarmLogs.at);
    expect(trail.map((l) => [l.event, l.toStatus])).toEqual([['raise', 1], ['dispatch', 2], ['pickUp', 3], ['complete', 5]]);
    expect((await db.select().from(workOrders)).every((o) => o.status === 3 && o.closedAt !== null)).toBe(true);
    const logs = await db.select().from(terminalLogs).where(eq(terminalLogs.kind, 'unline'));
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.every((l) => l.createdAt < now)).toBe(true);
  });
});
