import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, gte, inArray, sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { ratedPowerW, type HeartStatisticsDay, type MapSummary } from '@sl/contracts';
import type { Fleet } from '@sl/simulator';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { PasswordCipher } from '../src/auth/password-cipher.js';
import type { Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { seedDemo, startDemoFleet } from '../src/demo/demo-fleet.js';
import { writeDemoHistory } from '../src/demo/demo-history.js';
import { RollupRepository } from '../src/fleet/rollups.js';
import { rowsOf } from '../src/db/sql-rows.js';
import { seedDemoEnterprises } from '../src/seed/seed-demo-enterprises.js';
import { seedDemoTerminals } from '../src/seed/seed-demo-terminals.js';
import { heartbeatRollups, heartbeats, schedulerJobs } from '../src/db/schema/index.js';
import { seedDatabase } from '../src/seed/seed.js';
import { describeEachEngine } from './support/each-engine.js';
import { energyPerDay, localDay, type MeterReading } from './support/meter-reference.js';
import { adminQuery, PG_ADMIN_URL } from './support/engines.js';
import { startTestGateway, waitFor } from './support/gateway.js';
import { pgliteTemplate, postgresTemplate } from './support/templates.js';
import { bearer, createTestApp, LENIENT_THROTTLE } from './support/test-app.js';
import { testConfig } from './support/test-config.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const TZ = 'Asia/Shanghai';

/** A seeded database that outlives its connection: a PGlite data folder, or a PostgreSQL database of its own. */
function durableDatabase(engine: 'pglite' | 'postgres') {
  if (engine === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sl-restart-'));
    let first = true;
    return {
      open: async () => {
        const db = await openDatabase({ pgliteDir: dir, pgliteTemplate: first ? pgliteTemplate('seeded') : undefined });
        first = false;
        return db;
      },
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `sl_restart_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const template = postgresTemplate('seeded');
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  let created = false;
  return {
    open: async () => {
      if (!created) await adminQuery(PG_ADMIN_URL, `create database ${name}${template ? ` template ${template}` : ''}`);
      created = true;
      return openDatabase({ databaseUrl: url.toString() });
    },
    dispose: async () => adminQuery(PG_ADMIN_URL, `drop database if exists ${name} with (force)`),
  };
}

/** The server as main.ts starts it in demo mode: database, gateway, app and the demo fleet. */
async function startServer(store: ReturnType<typeof durableDatabase>, config: Config) {
  const database: Database = await store.open();
  await seedDatabase(database.db, config);
  await seedDemoEnterprises(database.db);
  const gateway = await startTestGateway(database.db);
  const app = await buildApp({ config, database, gateway, throttle: LENIENT_THROTTLE });
  await seedDemo(database.db, config);
  const fleet: Fleet = await startDemoFleet(database.db, config, gateway.deviceUrl);
  let fleetStopped = false;
  const stopFleet = async () => {
    if (!fleetStopped) await fleet.stop();
    fleetStopped = true;
  };
  return {
    database, app, stopFleet,
    stop: async () => {
      await stopFleet();
      await app.close();
      await gateway.close();
      await database.close();
    },
  };
}

/** Once the readings the gateway received are all written (the count stands for a second). */
async function settled(database: Database) {
  const stored = async () => Number(rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from heartbeat`))[0].n);
  let before = await stored();
  await waitFor(async () => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await stored();
    const still = now === before;
    before = now;
    return still;
  }, 20_000, 'the last readings written');
}

/** How many demo terminals have a live (not written-as-history) reading received since `since`. */
const reportingSince = async (database: Database, since: Date) =>
  Number(rowsOf<{ n: number }>(await database.db.execute(sql`
    select count(distinct h.terminal_id)::int as n from heartbeat h join terminal t using (terminal_id)
    where t.sn like 'DEMO-%' and h.mid not like 'hist-%' and h.received_at >= ${since}`))[0].n);

type Terminal = { id: number; sn: string; dept: number; model: number; loops: number; rated: number | null };
type Api = { get: (url: string) => Promise<{ code: number; data: unknown }> };
const demoTerminalRows = async (database: Database) =>
  rowsOf<Terminal>(await database.db.execute(sql`
    select terminal_id as id, sn, dept_id as dept, model, loops, rated_power_w as rated from terminal where sn like 'DEMO-%' order by terminal_id`));
/** A terminal's rated power × 24 h, summed (kWh): no day of theirs can use more. */
const ceilingKwh = (ts: Terminal[]) => ts.reduce((s, t) => s + (ratedPowerW({ model: t.model, loops: t.loops, ratedPowerW: t.rated }) * 24) / 1000, 0);
const within = (kwh: number, ceiling: number, what: string) => {
  expect(kwh, what).toBeGreaterThanOrEqual(0);
  expect(kwh, what).toBeLessThanOrEqual(ceiling);
};
/** Within 0.1 % of the reference (and the statistics' rounding to watt-hours). */
const near = (got: number | undefined, expected: number, what: string) => expect(Math.abs((got ?? 0) - expected), what).toBeLessThanOrEqual(expected * 0.001 + 0.002);

/**
 * Every stored reading of every terminal, read apart from the code under test: the meter readings (for
 * support/meter-reference.ts) and how many readings each terminal has on each local day of TZ (the demo terminals'
 * zone, by their position in Shanghai: the days of their statistics).
 */
async function storedReadings(database: Database) {
  const rows = rowsOf<{ id: number; ts: string | Date; e: number | null }>(await database.db.execute(sql`
    select terminal_id as id, ts, energy_kwh as e from heartbeat order by terminal_id, ts`));
  const meters = new Map<number, MeterReading[]>();
  const counts = new Map<number, Map<string, number>>();
  for (const r of rows) {
    const ts = new Date(r.ts).getTime();
    if (r.e !== null) meters.set(r.id, [...(meters.get(r.id) ?? []), { ts, e: Number(r.e) }]);
    const days = counts.get(r.id) ?? new Map<string, number>();
    counts.set(r.id, days);
    days.set(localDay(ts, TZ), (days.get(localDay(ts, TZ)) ?? 0) + 1);
  }
  return { meters, counts };
}

/**
 * The statistics over [from, to] (over two days: the daily rollups, plus what the rollup job has not rolled up yet),
 * per terminal and fleet-wide, in Asia/Shanghai and UTC, against the stored readings: each terminal's days are its
 * local days (Asia/Shanghai) of the dates from `from` to `to` read in the asked zone, each with a reading or with
 * energy; each day's energy the meter's rises integrated apart from the SQL (support/meter-reference.ts); none negative
 * or above the rated power × 24 h. Answers the days listed per zone and terminal.
 */
async function expectStatisticsMatchReadings(api: Api, database: Database, terminals: Terminal[], from: Date, to: Date) {
  const { meters, counts } = await storedReadings(database);
  const reference = new Map([...meters].map(([id, readings]) => [id, energyPerDay(readings, TZ)]));
  const listed = new Map<string, Map<number, HeartStatisticsDay[]>>();
  for (const tz of [TZ, 'UTC']) {
    const [first, last] = [localDay(from.getTime(), tz), localDay(to.getTime(), tz)];
    const inRange = (d: string) => d >= first && d <= last;
    const expectedDays = (id: number) =>
      [...new Set([...(counts.get(id)?.keys() ?? []), ...[...(reference.get(id) ?? new Map<string, number>())].filter(([, kwh]) => kwh > 0.0005).map(([d]) => d)])]
        .filter(inRange).sort();
    const perTerminal = new Map<number, HeartStatisticsDay[]>();
    listed.set(tz, perTerminal);
    for (const t of terminals) {
      const res = await api.get(`/heart/data/statistics?terminalId=${t.id}&from=${from.toISOString()}&to=${to.toISOString()}&tz=${tz}`);
      expect(res.code).toBe(200);
      const days = res.data as HeartStatisticsDay[];
      perTerminal.set(t.id, days);
      expect(days.map((d) => d.day), `${t.sn}'s days (${tz})`).toEqual(expectedDays(t.id));
      for (const d of days) {
        within(d.energyKwh, ceilingKwh([t]), `${t.sn} on ${d.day} (${tz})`);
        near(d.energyKwh, reference.get(t.id)?.get(d.day) ?? 0, `${t.sn}'s energy on ${d.day} (${tz})`);
        expect(d.samples, `${t.sn}'s readings on ${d.day} (${tz})`).toBe(counts.get(t.id)?.get(d.day) ?? 0);
      }
    }
    // Fleet-wide (the department totals, plus each terminal's tail): each day the sum of every terminal's local day.
    const res = await api.get(`/heart/data/statistics?from=${from.toISOString()}&to=${to.toISOString()}&tz=${tz}`);
    expect(res.code).toBe(200);
    const fleet = res.data as HeartStatisticsDay[];
    const ids = [...counts.keys()];
    const fleetDays = [...new Set(ids.flatMap(expectedDays))].sort();
    expect(fleet.map((d) => d.day), `the fleet's days (${tz})`).toEqual(fleetDays);
    for (const d of fleet) {
      const expected = ids.reduce((s, id) => s + (reference.get(id)?.get(d.day) ?? 0), 0);
      expect(Math.abs(d.energyKwh - expected), `the fleet's energy on ${d.day} (${tz})`).toBeLessThanOrEqual(expected * 0.001 + 0.002 * ids.length);
      expect(d.samples, `the fleet's readings on ${d.day} (${tz})`).toBe(ids.reduce((s, id) => s + (counts.get(id)?.get(d.day) ?? 0), 0));
      expect(d.terminals, `the terminals heard on ${d.day} (${tz})`).toBe(ids.filter((id) => counts.get(id)?.has(d.day)).length);
    }
  }
  return listed;
}

describeEachEngine('energy across a restart of the demo', (engine) => {
  const store = durableDatabase(engine);
  afterAll(() => store.dispose());

  it("after the demo restarts on the same database, no department's or terminal's day is negative or above its rated power × 24 h", async () => {
    const config = testConfig({ DEMO: 'true', DEMO_FAULT_RATE: '0', DEMO_HISTORY_DAYS: '1', ROLLUP_TIME_ZONE: TZ });
    // First start: the fleet reports, the past day is written behind its first readings.
    const started = new Date();
    let server = await startServer(store, config);
    await waitFor(async () => (await reportingSince(server.database, started)) === 30, 30_000, 'a heartbeat from every demo terminal');
    expect(await writeDemoHistory({ db: server.database.db, alarms: server.app.services.core.alarms, config, now: new Date() })).toMatchObject({ written: true, terminals: 30 });
    await server.stop();

    // Second start on the same database: every simulated terminal starts again and reports.
    const restarted = new Date();
    server = await startServer(store, config);
    try {
      await waitFor(async () => (await reportingSince(server.database, restarted)) === 30, 30_000, 'a heartbeat from every demo terminal after the restart');
      // The fleet stops, so the readings the statistics are checked against stay as they are.
      await server.stopFleet();
      await settled(server.database);
      const now = new Date();
      await new RollupRepository(server.database.db, TZ).rollUp(new Date(now.getTime() - 2 * DAY), now);

      const terminals = await demoTerminalRows(server.database);
      expect(terminals).toHaveLength(30);
      const token = await signIn(server.app, config);
      const api = { get: async (url: string) => (await server.app.inject({ url: `/api/v1${url}`, headers: bearer(token) })).json() };
      // Each terminal's days over three days (the daily rollups), in its zone and in UTC: whatever the hour this runs
      // at, the days are those the stored readings say, their energy what the meters say.
      const listed = await expectStatisticsMatchReadings(api, server.database, terminals, new Date(now.getTime() - 3 * DAY), now);
      for (const tz of [TZ, 'UTC']) for (const t of terminals) expect(listed.get(tz)?.get(t.id)?.length, `${t.sn}'s days (${tz})`).toBeGreaterThan(0);
      // Each department's days in the rollups, and its energy today on the map, in both zones.
      const deptDays = rowsOf<{ dept: number; day: string; kwh: number }>(await server.database.db.execute(sql`
        select dept_id as dept, to_char(day, 'YYYY-MM-DD') as day, sum(energy_kwh)::float8 as kwh from heartbeat_rollup_dept group by 1, 2`));
      expect(deptDays.length).toBeGreaterThan(0);
      const ofDept = (dept: number) => terminals.filter((t) => t.dept === dept);
      for (const d of deptDays) within(d.kwh, ceilingKwh(ofDept(d.dept)), `department ${d.dept} on ${d.day}`);
      for (const tz of [TZ, 'UTC']) {
        const summary = (await api.get(`/map/summary?tz=${tz}`)).data as MapSummary;
        expect(summary.energyByDept.length).toBeGreaterThan(0);
        for (const d of summary.energyByDept) within(d.energyKwh, ceilingKwh(ofDept(d.deptId)), `department ${d.deptId} today (${tz})`);
      }
    } finally {
      await server.stop();
    }
  }, 240_000);
});

async function signIn(app: FastifyInstance, config: Config): Promise<string> {
  const password = new PasswordCipher(config.PASSWORD_KEY).encrypt('123456');
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password, code: '', uuid: '' } });
  return res.json().data.token as string;
}

/**
 * The statistics at a chosen local time, not the hour this runs at: the demo's past day written up to the rollup job's
 * last run (`lastRun`, rolled up there as the job would), then a reading a minute from each terminal until `now`, not
 * rolled up yet. 00:40 in Shanghai is 16:40 UTC the day before (when this file once failed in CI): in Shanghai today's
 * 40 minutes are a day of their own, from the rollups of 00:35 and the readings after, or from the readings alone when
 * the job last ran before midnight; in UTC the range's last date is yesterday's (the terminals' days are read on their
 * own clock, docs/energy.md), so today is not listed there.
 */
describeEachEngine('statistics from the rollups at a chosen local time', (engine) => {
  const cases = [
    { at: '00:40, the rollup job last ran at 23:50', now: '2026-11-20T00:40:00+08:00', lastRun: '2026-11-19T23:50:00+08:00' },
    { at: '00:40, the rollup job last ran at 00:35', now: '2026-11-20T00:40:00+08:00', lastRun: '2026-11-20T00:35:00+08:00' },
    { at: 'midday, the rollup job last ran at 11:55', now: '2026-11-20T12:00:00+08:00', lastRun: '2026-11-20T11:55:00+08:00' },
    // The scheduler's record of the job's run: only terminals heard since its late window (2 h) are read for a tail, and
    // a third of the terminals fell silent 3 hours before the run (their figures are their rollups alone).
    { at: 'midday, the job\'s 11:55 run recorded by the scheduler, a third of the terminals silent since 08:55', now: '2026-11-20T12:00:00+08:00', lastRun: '2026-11-20T11:55:00+08:00', recorded: true },
    { at: '00:40, the job\'s 00:35 run recorded by the scheduler, a third of the terminals silent since 21:35', now: '2026-11-20T00:40:00+08:00', lastRun: '2026-11-20T00:35:00+08:00', recorded: true },
  ];
  for (const c of cases) {
    it(`at ${c.at}: each terminal's and the fleet's days are the readings' days, today's energy so far included`, async () => {
      const now = new Date(c.now);
      const lastRun = new Date(c.lastRun);
      const t = await createTestApp(engine, { DEMO: 'true', DEMO_FAULT_RATE: '0', DEMO_HISTORY_DAYS: '1', ROLLUP_TIME_ZONE: TZ });
      try {
        const db = t.database.db;
        await seedDemoEnterprises(db);
        await seedDemoTerminals(db, { demoSecret: t.config.DEMO_DEVICE_SECRET });
        // The past day up to the job's last run, rolled up (writeDemoHistory rolls up what it wrote, as the job would).
        expect(await writeDemoHistory({ db, alarms: t.app.services.core.alarms, config: t.config, now: lastRun })).toMatchObject({ written: true, terminals: 30 });
        const silent = new Set<number>();
        if (c.recorded) {
          const ids = rowsOf<{ id: number }>(await db.execute(sql`select terminal_id as id from terminal where sn like 'DEMO-%' order by terminal_id`)).map((r) => Number(r.id));
          for (const id of ids.filter((_, k) => k % 3 === 0)) silent.add(id);
          const since = new Date(lastRun.getTime() - 3 * HOUR);
          await db.delete(heartbeats).where(and(inArray(heartbeats.terminalId, [...silent]), gte(heartbeats.ts, since)));
          // Their rollups made again from what is left, as the job would have made them.
          await db.delete(heartbeatRollups).where(inArray(heartbeatRollups.terminalId, [...silent]));
          await new RollupRepository(db, TZ).rollUp(new Date(lastRun.getTime() - 2 * DAY), lastRun);
          await db.insert(schedulerJobs).values({ name: 'fleet.rollups', lastRunAt: lastRun, runs: 1 });
        }
        // The readings since: one a minute, the meter going on from the last one at the last power (at least 50 W).
        const last = rowsOf<{ id: number; ts: string | Date; e: number; kw: number }>(await db.execute(sql`
          select distinct on (terminal_id) terminal_id as id, ts, energy_kwh as e, coalesce(power_a, 0) + coalesce(power_b, 0) + coalesce(power_c, 0) as kw
          from heartbeat where energy_kwh is not null order by terminal_id, ts desc`));
        expect(last).toHaveLength(30);
        for (const r of last) {
          if (silent.has(Number(r.id))) continue;
          const kw = Math.max(Number(r.kw), 0.05);
          const rows = [];
          for (let ts = new Date(r.ts).getTime() + 60_000, e = Number(r.e); ts <= now.getTime(); ts += 60_000) {
            e += kw / 60;
            rows.push({ terminalId: r.id, mid: `tail-${ts}`, ts: new Date(ts), model: 2, powerA: kw, energyKwh: Math.round(e * 1000) / 1000 });
          }
          if (rows.length) await db.insert(heartbeats).values(rows);
        }
        const terminals = await demoTerminalRows(t.database);
        const token = await t.login();
        const api = { get: async (url: string) => (await t.app.inject({ url: `/api/v1${url}`, headers: bearer(token) })).json() };
        const listed = await expectStatisticsMatchReadings(api, t.database, terminals, new Date(now.getTime() - 3 * DAY), now);
        const today = localDay(now.getTime(), TZ);
        for (const term of terminals.filter((x) => !silent.has(Number(x.id)))) {
          const shanghai = listed.get(TZ)?.get(term.id) ?? [];
          // Today (Shanghai) is there with its energy so far.
          expect(shanghai.map((d) => d.day), term.sn).toContain(today);
          expect(shanghai.find((d) => d.day === today)?.energyKwh, term.sn).toBeGreaterThan(0);
          const utc = (listed.get('UTC')?.get(term.id) ?? []).map((d) => d.day);
          if (localDay(now.getTime(), 'UTC') < today) expect(utc, term.sn).not.toContain(today);
          else expect(utc, term.sn).toContain(today);
        }
      } finally {
        await t.close();
      }
    }, 240_000);
  }
});
