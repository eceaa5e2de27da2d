import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AlarmStatus, COMMUNICATION_LOST } from '@sl/contracts';
import { alarmLogs, alarms, demoHistory, heartbeatRollupDepts, heartbeats, terminalLogs, terminals, workOrders } from '../src/db/schema/index.js';
import { writeDemoHistory } from '../src/demo/demo-history.js';
import { litSpans } from '../src/demo/demo-lighting.js';
import { addDays, zonedDate, zonedTime } from '../src/control/compiler/zone-time.js';
import { terminalZone } from '../src/devices/terminal/terminal-zone-domain.js';
import { DemoHistoryRepository } from '../src/demo/demo-history-repository.js';
import { partitionsOf } from '../src/fleet/partitions.js';
import { seedDemoEnterprises } from '../src/seed/seed-demo-enterprises.js';
import { demoTerminals, seedDemoTerminals } from '../src/seed/seed-demo-terminals.js';
import { describeEachEngine } from './support/each-engine.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { caller } from './terminals-fixtures.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/**
 * What each day of `/heart/data/rdc4m/statistics?from&to` (UTC days, the route's default `tz`) must show, by the demo's
 * own rules: lamps lit from sunset to sunrise in Shanghai, so a day whose part in the range holds night has energy; by
 * day only the cabinets' standby (under 1 kW for the five rdc4m ones, meters in 0.01 kWh) turns the meters, so a first or
 * last day that is only a few daylight minutes (a range cut near 00:00 UTC, 08:00 in Shanghai) legitimately shows 0.
 */
/** The demo fleet's one time zone (by position; the demo departments name none): its statistics days are local days there. */
function demoZone(): string {
  const zones = new Set(demoTerminals().map((u) => terminalZone({ timeZone: null, deptZone: null, lat: u.lat, lng: u.lng }, 'UTC').timeZone));
  expect(zones.size).toBe(1);
  return [...zones][0];
}

function expectDayEnergy(days: Array<{ day: string; energyKwh: number }>, from: Date, to: Date, timeZone: string) {
  const rdc4m = demoTerminals().filter((d) => d.family === 'rdc4m');
  const day = (ms: number) => zonedDate(ms, timeZone);
  const startOf = (d: string) => zonedTime(d, 0, timeZone);
  // Every whole day of the range is there; a first or last day only when a reading falls in its part of the range.
  const listed = days.map((d) => d.day);
  for (let d = day(from.getTime()); startOf(d) < to.getTime(); d = addDays(d, 1)) {
    if (startOf(d) >= from.getTime() && startOf(addDays(d, 1)) <= to.getTime()) expect(listed).toContain(d);
  }
  expect(listed.every((d) => d >= day(from.getTime()) && d <= day(to.getTime()))).toBe(true);
  for (const d of days) {
    const start = startOf(d.day);
    const lo = Math.max(start, from.getTime());
    const hi = Math.min(startOf(addDays(d.day, 1)), to.getTime());
    const lit = rdc4m.map((u) => litSpans(lo, hi, u.lat, u.lng, timeZone).reduce((ms, s) => ms + Math.min(hi, s.hi) - Math.max(lo, s.lo), 0));
    const at = `${d.day} over ${new Date(lo).toISOString()}..${new Date(hi).toISOString()}`;
    if (Math.min(...lit) >= 10 * MINUTE_MS) expect(d.energyKwh, at).toBeGreaterThan(0);
    else if (Math.max(...lit) === 0) expect(d.energyKwh, at).toBeLessThanOrEqual((hi - lo) / HOUR_MS + 0.05);
    expect(d.energyKwh, at).toBeGreaterThanOrEqual(0);
  }
}

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
    const first = await writeDemoHistory({ db: t.database.db, alarms: t.app.services.core.alarms, config: t.config, now });
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

    const again = await writeDemoHistory({ db: t.database.db, alarms: t.app.services.core.alarms, config: t.config, now: new Date(now.getTime() + 60_000) });
    expect(again).toMatchObject({ claimed: false, written: false, unfinished: false });
    expect(await heartbeatCount()).toBe(first.heartbeats);
  }, 300_000);

  it('leaves a writing cut short to its instance for ten minutes, then lets a later start redo it', async () => {
    const repo = new DemoHistoryRepository(t.database.db);
    await t.database.db.update(demoHistory).set({ finishedAt: null, startedAt: new Date(Date.now() - 5 * 60_000) });
    expect(await writeDemoHistory({ db: t.database.db, alarms: t.app.services.core.alarms, config: t.config, now: new Date() })).toMatchObject({ claimed: false, unfinished: true });
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

    const zone = demoZone();
    const stats = await api.get(`/heart/data/rdc4m/statistics?${range}&tz=${zone}`);
    expect(stats.code).toBe(200);
    expect(stats.data.length).toBeGreaterThanOrEqual(7);
    expectDayEnergy(stats.data, weekAgo, now, zone);
    // Whatever the hour CI runs at: six-day ranges of the written week ending at other times of day, the first or
    // last day cut to daylight minutes (23:52, 00:02 UTC), around sunrise (22:30 UTC) or holding a night.
    for (const hhmm of ['23:52', '00:02', '04:00', '10:00', '16:30', '22:30']) {
      const [h, m] = hhmm.split(':').map(Number);
      const at = Math.floor(now.getTime() / DAY_MS) * DAY_MS + (h * 60 + m) * MINUTE_MS;
      const to = new Date(at > now.getTime() ? at - DAY_MS : at);
      const from = new Date(to.getTime() - 6 * DAY_MS);
      const part = await api.get(`/heart/data/rdc4m/statistics?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}&tz=${zone}`);
      expect(part.code).toBe(200);
      expect(part.data.length).toBeGreaterThanOrEqual(6);
      expectDayEnergy(part.data, from, to, zone);
    }
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
