import { mkdirSync, mkdtempSync, existsSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TerminalStatus } from '@sl/contracts';
import type { Db } from '../src/db/client.js';
import { fleetJobs } from '../src/fleet/jobs.js';
import { orphanCounts, sweepImageFiles } from '../src/fleet/orphans.js';
import { RollupRepository } from '../src/fleet/rollups.js';
import { rowsOf } from '../src/db/sql-rows.js';
import { describeEachEngine } from './support/each-engine.js';
import { energyPerDay, type MeterReading } from './support/meter-reference.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';

const HOUR = 3_600_000;
const DAY = 86_400_000;
const TZ = 'Asia/Shanghai';

async function meterReadings(db: Db, terminalId: number): Promise<MeterReading[]> {
  const rows = rowsOf<{ ts: string | Date; e: number }>(await db.execute(sql`select ts, energy_kwh as e from heartbeat where terminal_id = ${terminalId} and energy_kwh is not null`));
  return rows.map((r) => ({ ts: new Date(r.ts).getTime(), e: Number(r.e) }));
}

async function addTerminal(db: Db, sn: string, status: number = TerminalStatus.warehouse): Promise<number> {
  const rows = await db.execute(sql`insert into terminal (sn, family, name, model, dept_id, status, heartbeat_s) values (${sn}, 'rdc4m', ${sn}, 2, 1, ${status}, 600) returning terminal_id`);
  return Number(rowsOf<{ terminal_id: number }>(rows)[0].terminal_id);
}

/** Readings every 10 minutes over `hours` hours ending at `end`, with a meter that only goes up and varying values. */
async function readings(db: Db, terminalId: number, end: Date, hours: number) {
  await db.execute(sql`
    insert into heartbeat (terminal_id, mid, ts, model, voltage_a, current_a, power_a, energy_kwh, burn_hours, "on")
    select ${terminalId}, 'r' || g, ${end}::timestamptz - g * interval '10 minutes', 2,
      210 + (g * 7) % 20, 0.3 + ((g * 3) % 10) / 20.0, 0.05 + (g % 5) / 100.0, 1000 - g * 0.01, 500 - g / 6.0, true
    from generate_series(1, ${hours * 6}::int) g`);
}

describeEachEngine('rollups and terminal deletion', (engine) => {
  let t: TestApp;
  let db: Db;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    db = t.database.db;
    token = await t.login();
  });
  afterAll(() => t.close());

  it('an hourly and a daily rollup equal the aggregates of their raw rows', async () => {
    const id = await addTerminal(db, 'ROLL1', TerminalStatus.inUse);
    const end = new Date(Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR);
    await readings(db, id, end, 50);
    const rollups = new RollupRepository(db, TZ);
    await rollups.rollUp(new Date(end.getTime() - 3 * DAY), end);
    // Twice over the same range: the same rows.
    await rollups.rollUp(new Date(end.getTime() - 3 * DAY), end);

    const raw = rowsOf<Record<string, string | number>>(await db.execute(sql`
      select date_trunc('hour', ts) as bucket, count(*)::int as samples, min(voltage_a)::float8 as vmin, avg(voltage_a)::float8 as vavg, max(voltage_a)::float8 as vmax,
        max(current_a)::float8 as cmax, avg(power_a)::float8 as pavg, (max(energy_kwh) - min(energy_kwh))::float8 as energy, (max(burn_hours) - min(burn_hours))::float8 as burn
      from heartbeat where terminal_id = ${id} group by 1 order by 1`));
    const hourly = await rollups.series(id, new Date(end.getTime() - 3 * DAY), end, 'h');
    expect(hourly).toHaveLength(raw.length);
    for (const [i, r] of raw.entries()) {
      const h = hourly[i];
      expect(h.bucket).toBe(new Date(r.bucket).toISOString());
      expect(h.samples).toBe(r.samples);
      expect(h.voltageMin).toBeCloseTo(Number(r.vmin), 3);
      expect(h.voltageAvg).toBeCloseTo(Number(r.vavg), 3);
      expect(h.voltageMax).toBeCloseTo(Number(r.vmax), 3);
      expect(h.currentMax).toBeCloseTo(Number(r.cmax), 3);
      expect(h.powerAvg).toBeCloseTo(Number(r.pavg), 4);
      expect(h.energyKwh).toBeCloseTo(Number(r.energy), 6);
      expect(h.burnHours).toBeCloseTo(Number(r.burn), 3);
      expect(h.availability).toBeCloseTo(Math.min(1, (Number(r.samples) * 600) / 3600), 5);
    }

    const rawDays = rowsOf<Record<string, string | number>>(await db.execute(sql`
      select (date_trunc('day', ts at time zone ${TZ}) at time zone ${TZ}) as bucket, to_char(ts at time zone ${TZ}, 'YYYY-MM-DD') as day, count(*)::int as samples,
        min(voltage_a)::float8 as vmin, avg(voltage_a)::float8 as vavg, max(voltage_a)::float8 as vmax
      from heartbeat where terminal_id = ${id} group by 1, 2 order by 1`));
    // A day's energy: the meter's rises, the one across midnight shared by time (the reference of test/support).
    const energy = energyPerDay(await meterReadings(db, id), TZ);
    const daily = await rollups.series(id, new Date(end.getTime() - 4 * DAY), new Date(end.getTime() + DAY), 'd');
    expect(daily.length).toBe(rawDays.length);
    for (const [i, r] of rawDays.entries()) {
      expect(daily[i].samples).toBe(r.samples);
      expect(daily[i].voltageMin).toBeCloseTo(Number(r.vmin), 3);
      expect(daily[i].voltageAvg).toBeCloseTo(Number(r.vavg), 3);
      expect(daily[i].voltageMax).toBeCloseTo(Number(r.vmax), 3);
      expect(daily[i].energyKwh).toBeCloseTo(energy.get(String(r.day)) ?? 0, 6);
    }
    const dept = rowsOf<{ energy: number; samples: number }>(await db.execute(sql`select sum(energy_kwh)::float8 as energy, sum(samples)::int as samples from heartbeat_rollup_dept where dept_id = 1`))[0];
    expect(Number(dept.samples)).toBe(raw.reduce((s, r) => s + Number(r.samples), 0));
    expect(Number(dept.energy)).toBeCloseTo([...energy.values()].reduce((s, v) => s + v, 0), 6);
  });

  it('statistics over more than two days read the daily rollups and give the raw rows\' figures', async () => {
    const [row] = rowsOf<{ terminal_id: number }>(await db.execute(sql`select terminal_id from terminal where sn = 'ROLL1'`));
    const id = Number(row.terminal_id);
    const to = new Date();
    const from = new Date(to.getTime() - 4 * DAY);
    const raw = rowsOf<{ day: string; samples: number }>(await db.execute(sql`
      select to_char(date_trunc('day', ts at time zone ${TZ}), 'YYYY-MM-DD') as day, count(*)::int as samples
      from heartbeat where terminal_id = ${id} and ts between ${from} and ${to} group by 1 order by 1`));
    const energy = energyPerDay(await meterReadings(db, id), TZ, from.getTime(), to.getTime());
    await db.execute(sql`delete from heartbeat where terminal_id = ${id}`);
    // The raw rows are gone: only the rollups can answer.
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/heart/data/rdc4m/statistics?terminalId=${id}&from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}&tz=${encodeURIComponent(TZ)}`,
      headers: bearer(token),
    });
    const days = res.json().data as Array<{ day: string; energyKwh: number; samples: number }>;
    expect(days.map((d) => d.day)).toEqual(raw.map((r) => r.day));
    for (const [i, d] of days.entries()) {
      expect(d.samples).toBe(Number(raw[i].samples));
      expect(d.energyKwh).toBeCloseTo(energy.get(d.day) ?? 0, 2);
    }
  });

  it('rollups outlive the raw rows retention drops', async () => {
    const id = await addTerminal(db, 'ROLL2', TerminalStatus.inUse);
    const end = new Date(Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR);
    await readings(db, id, end, 3);
    const [rollupJob] = fleetJobs({ db, config: { ...t.config } }).filter((j) => j.name === 'fleet.rollups');
    await rollupJob.run({ now: new Date(), lastRunAt: null, signal: new AbortController().signal });
    const before = await new RollupRepository(db, TZ).series(id, new Date(end.getTime() - DAY), end, 'h');
    expect(before.length).toBeGreaterThanOrEqual(3);
    await db.execute(sql`delete from heartbeat where terminal_id = ${id}`);
    await rollupJob.run({ now: new Date(), lastRunAt: new Date(Date.now() - HOUR), signal: new AbortController().signal });
    expect(await new RollupRepository(db, TZ).series(id, new Date(end.getTime() - DAY), end, 'h')).toEqual(before);
  });

  it('a stopping server stops the rollup catch-up between days, and the next run starts where it stopped', async () => {
    const [rollupJob] = fleetJobs({ db, config: { ...t.config } }).filter((j) => j.name === 'fleet.rollups');
    const stopped = new AbortController();
    stopped.abort();
    const lastRunAt = new Date(Date.now() - 5 * DAY);
    const upTo = await rollupJob.run({ now: new Date(), lastRunAt, signal: stopped.signal });
    // Nothing was rolled up: the next run is given the same last run, so it starts at the same hour.
    expect(upTo).toEqual(lastRunAt);
  });

  it('deleting a terminal removes its readings, events, logs, rollups and images, and leaves no orphans', async () => {
    const keep = await addTerminal(db, 'KEEP1');
    const gone = await addTerminal(db, 'GONE1');
    const now = new Date();
    for (const id of [keep, gone]) {
      await readings(db, id, now, 2);
      await db.execute(sql`insert into device_event (terminal_id, mid, event, state, ts) values (${id}, 'e1', 'leakage', 'on', ${now})`);
      await db.execute(sql`insert into terminal_log (kind, terminal_id, msg) values ('heart', ${id}, 'x')`);
      await db.execute(sql`insert into terminal_image (terminal_id, url) values (${id}, ${`/uploads/terminal/${id}-a.png`})`);
      await db.execute(sql`insert into alarm (terminal_id, dept_id, kind) values (${id}, 1, 'leakage')`);
    }
    await new RollupRepository(db, TZ).rollUp(new Date(now.getTime() - 3 * HOUR), now);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/terminal/del/${gone}`, headers: bearer(token) });
    expect(res.json().code).toBe(200);

    expect(Object.values(await orphanCounts(db)).every((n) => n === 0)).toBe(true);
    const left = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from heartbeat where terminal_id = ${keep}`))[0];
    expect(Number(left.n)).toBe(12);
    const rollupsLeft = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from heartbeat_rollup where terminal_id = ${keep}`))[0];
    expect(Number(rollupsLeft.n)).toBeGreaterThan(0);
  });

  it('the orphan check counts rows whose terminal is gone, and the file sweep removes unreferenced old images', async () => {
    await db.execute(sql`insert into heartbeat (terminal_id, mid, ts, model) values (999999, 'o1', now(), 2)`);
    expect((await orphanCounts(db)).heartbeat).toBe(1);
    await db.execute(sql`delete from heartbeat where terminal_id = 999999`);

    const root = mkdtempSync(path.join(os.tmpdir(), 'sl-uploads-'));
    try {
      mkdirSync(path.join(root, 'terminal'));
      const [keepUrl] = rowsOf<{ url: string }>(await db.execute(sql`select url from terminal_image limit 1`)).map((r) => r.url);
      const kept = path.join(root, 'terminal', path.basename(keepUrl));
      const stale = path.join(root, 'terminal', '999999-old.png');
      const fresh = path.join(root, 'terminal', '999999-new.png');
      for (const f of [kept, stale, fresh]) writeFileSync(f, 'x');
      const old = new Date(Date.now() - 2 * DAY);
      utimesSync(kept, old, old);
      utimesSync(stale, old, old);
      expect(await sweepImageFiles(db, root, new Date())).toEqual(['999999-old.png']);
      expect([existsSync(kept), existsSync(stale), existsSync(fresh)]).toEqual([true, false, true]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
