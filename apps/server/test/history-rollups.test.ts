import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TerminalStatus, type HistoryPoint, type TerminalHistory } from '@sl/contracts';
import type { Db } from '../src/db/client.js';
import { RollupRepository } from '../src/fleet/rollups.js';
import { rowsOf } from '../src/db/sql-rows.js';
import { describeEachEngine } from './support/each-engine.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const TZ = 'Asia/Shanghai';

async function addCabinet(db: Db, sn: string): Promise<number> {
  const rows = await db.execute(sql`insert into terminal (sn, family, name, model, dept_id, status, heartbeat_s) values (${sn}, 'rdc4m', ${sn}, 1, 1, ${TerminalStatus.inUse}, 600) returning terminal_id`);
  return Number(rowsOf<{ terminal_id: number }>(rows)[0].terminal_id);
}

/** Three-phase readings every 10 minutes over `hours` hours ending at `end`, every column varying, phase B or C missing for whole hours now and then. */
async function readings(db: Db, terminalId: number, end: Date, hours: number) {
  await db.execute(sql`
    insert into heartbeat (terminal_id, mid, ts, model, voltage_a, voltage_b, voltage_c, current_a, current_b, current_c, power_a, power_b, power_c,
      power_factor, energy_kwh, leakage_ma, dim, "on", burn_hours)
    select ${terminalId}, 'p' || g, ${end}::timestamptz - g * interval '10 minutes', 1,
      210 + (g * 7) % 20, case when ((g + 5) / 6) % 9 = 0 then null else 215 + (g * 5) % 13 end, 218 + (g * 3) % 11,
      0.3 + ((g * 3) % 10) / 20.0, 1.1 + (g % 7) / 10.0, case when ((g + 5) / 6) % 7 = 0 then null else 1.4 + (g % 5) / 10.0 end,
      0.05 + (g % 5) / 100.0, 0.2 + (g % 3) / 50.0, 0.3 + (g % 4) / 40.0,
      0.8 + (g % 4) / 20.0, 5000 - g * 0.02, (g % 6) * 1.5, (g * 13) % 101, g % 3 > 0, 900 - g / 6.0
    from generate_series(0, ${hours * 6 - 1}::int) g`);
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

describeEachEngine('rollups per phase and the history read from them', (engine) => {
  let t: TestApp;
  let db: Db;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    db = t.database.db;
    token = await t.login();
  });
  afterAll(() => t.close());

  const history = async (id: number, from: number, to: number, points = 300) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/terminal/history/${id}?from=${from}&to=${to}&points=${points}`, headers: bearer(token) });
    expect(res.json().code).toBe(200);
    return res.json().data as TerminalHistory;
  };

  it('an hourly and a daily rollup equal the aggregates of their raw rows for every phase, power factor, leakage, dim and lamp-on share', async () => {
    const id = await addCabinet(db, 'PHASE1');
    const end = new Date(Math.floor(Date.now() / HOUR) * HOUR - 3 * HOUR);
    await readings(db, id, end, 60);
    const rollups = new RollupRepository(db, TZ);
    await rollups.rollUp(new Date(end.getTime() - 3 * DAY), new Date(end.getTime() + MINUTE));

    const phaseAggregates = (['a', 'b', 'c'] as const)
      .map((p) => `min(voltage_${p})::float8 as v${p}min, avg(voltage_${p})::float8 as v${p}avg, max(voltage_${p})::float8 as v${p}max,
        min(current_${p})::float8 as c${p}min, avg(current_${p})::float8 as c${p}avg, max(current_${p})::float8 as c${p}max,
        avg(power_${p})::float8 as p${p}avg, max(power_${p})::float8 as p${p}max`)
      .join(', ');
    const others = 'avg(power_factor)::float8 as pf, avg(leakage_ma)::float8 as leak, avg(dim)::float8 as dim, avg(case when "on" then 1 else 0 end)::float8 as on_share, count(*)::int as samples';
    const expectEqual = (point: Awaited<ReturnType<RollupRepository['series']>>[number], r: Record<string, unknown>) => {
      expect(point.samples).toBe(Number(r.samples));
      for (const [i, p] of (['a', 'b', 'c'] as const).entries()) {
        const phase = point.phases[i];
        expect(phase.voltageMin).toBeCloseTo(num(r[`v${p}min`])!, 3);
        expect(phase.voltageAvg).toBeCloseTo(num(r[`v${p}avg`])!, 3);
        expect(phase.voltageMax).toBeCloseTo(num(r[`v${p}max`])!, 3);
        expect(phase.currentMin).toBeCloseTo(num(r[`c${p}min`])!, 4);
        expect(phase.currentAvg).toBeCloseTo(num(r[`c${p}avg`])!, 4);
        expect(phase.currentMax).toBeCloseTo(num(r[`c${p}max`])!, 4);
        expect(phase.powerAvg).toBeCloseTo(num(r[`p${p}avg`])!, 4);
        expect(phase.powerMax).toBeCloseTo(num(r[`p${p}max`])!, 4);
      }
      expect(point.powerFactorAvg).toBeCloseTo(num(r.pf)!, 4);
      expect(point.leakageAvg).toBeCloseTo(num(r.leak)!, 3);
      expect(point.dimAvg).toBeCloseTo(num(r.dim)!, 3);
      expect(point.onShare).toBeCloseTo(num(r.on_share)!, 4);
    };

    const rawHours = rowsOf<Record<string, unknown>>(await db.execute(sql.raw(`
      select date_trunc('hour', ts) as bucket, ${phaseAggregates}, ${others} from heartbeat where terminal_id = ${id} group by 1 order by 1`)));
    const hourly = await rollups.series(id, new Date(end.getTime() - 3 * DAY), new Date(end.getTime() + HOUR), 'h');
    expect(hourly).toHaveLength(rawHours.length);
    for (const [i, r] of rawHours.entries()) {
      expect(hourly[i].bucket).toBe(new Date(r.bucket as string).toISOString());
      expectEqual(hourly[i], r);
    }

    // A day's mean of hourly means weighted by their readings is the day's mean, min and max carry over.
    const rawDays = rowsOf<Record<string, unknown>>(await db.execute(sql.raw(`
      select (date_trunc('day', ts at time zone '${TZ}') at time zone '${TZ}') as bucket, ${phaseAggregates}, ${others}
      from heartbeat where terminal_id = ${id} group by 1 order by 1`)));
    const daily = await rollups.series(id, new Date(end.getTime() - 4 * DAY), new Date(end.getTime() + DAY), 'd');
    expect(daily).toHaveLength(rawDays.length);
    for (const [i, r] of rawDays.entries()) expectEqual(daily[i], r);
  });

  it('7 days of history come from the hourly rollups, survive the raw rows being dropped, and end at the latest heartbeat', async () => {
    const id = await addCabinet(db, 'PHASE2');
    const now = Date.now();
    // Rows up to 1 minute ago; the rollup job last ran 40 minutes ago, so the newest readings are raw only.
    await readings(db, id, new Date(now - MINUTE), 8 * 24);
    await new RollupRepository(db, TZ).rollUp(new Date(now - 9 * DAY), new Date(now - 40 * MINUTE));
    const from = now - 7 * DAY;

    const before = await history(id, from, now);
    expect(before.bucketS).toBe(3600);
    expect(before.points.length).toBeGreaterThanOrEqual(168);
    expect(before.points.length).toBeLessThanOrEqual(169);
    // Each hour equals the raw rows' own figures for that hour.
    const rawHours = rowsOf<Record<string, unknown>>(await db.execute(sql`
      select floor(extract(epoch from ts) / 3600)::bigint * 3600 as bucket, avg(voltage_a)::float8 as va, avg(voltage_b)::float8 as vb, avg(current_c)::float8 as cc,
        avg(power_a + power_b + power_c)::float8 as p, avg(power_factor)::float8 as pf, max(energy_kwh)::float8 as e, count(*)::int as samples
      from heartbeat where terminal_id = ${id} and ts >= ${new Date(from)} group by 1 order by 1`));
    const byBucket = new Map(before.points.map((p) => [new Date(p.t).getTime() / 1000, p]));
    // The first hour's rollup holds readings before `from` as well: compare the whole hours after it.
    for (const r of rawHours.slice(1)) {
      const p = byBucket.get(Number(r.bucket)) as HistoryPoint;
      expect(p.samples).toBe(Number(r.samples));
      expect(p.voltageA).toBeCloseTo(num(r.va)!, 2);
      expect(p.voltageB).toBeCloseTo(num(r.vb)!, 2);
      expect(p.currentC).toBeCloseTo(num(r.cc)!, 2);
      expect(p.powerKw).toBeCloseTo(num(r.p)!, 2);
      expect(p.powerFactor).toBeCloseTo(num(r.pf)!, 2);
      expect(p.energyKwh).toBeCloseTo(num(r.e)!, 3);
    }
    // The plot reaches the newest reading, which no rollup holds yet.
    expect(new Date(before.points.at(-1)!.t).getTime()).toBe(Math.floor((now - MINUTE) / HOUR) * HOUR);

    // Retention drops every raw row the rollups hold: 7 days read the same.
    await db.execute(sql`delete from heartbeat where terminal_id = ${id} and ts < ${new Date(Math.floor((now - 40 * MINUTE) / HOUR) * HOUR)}`);
    const after = await history(id, from, now);
    expect(after).toEqual(before);
    // Two days or less still read the raw rows, only the newest hour or two of which are left.
    const day = await history(id, now - DAY, now);
    expect(day.points.every((p) => new Date(p.t).getTime() >= Math.floor((now - 40 * MINUTE) / HOUR) * HOUR - day.bucketS * 1000)).toBe(true);

    // 30 days at 300 points: 3-hour buckets; 90 days: daily rollups in 1-day buckets.
    const month = await history(id, now - 30 * DAY, now);
    expect(month.bucketS).toBe(3 * 3600);
    // Every reading is in the month: the rollups and the raw rows after them count each once.
    expect(month.points.reduce((s, p) => s + p.samples, 0)).toBe(8 * 24 * 6);
    const quarter = await history(id, now - 90 * DAY, now);
    expect(quarter.bucketS).toBe(86_400);
    expect(quarter.points.length).toBeGreaterThanOrEqual(8);
    expect(quarter.points.length).toBeLessThanOrEqual(10);
    expect(quarter.points.reduce((s, p) => s + p.samples, 0)).toBe(8 * 24 * 6);
  });

  it('a range longer than two days before any rollup run reads the raw rows', async () => {
    const id = await addCabinet(db, 'PHASE3');
    const now = Date.now();
    await readings(db, id, new Date(now - MINUTE), 4 * 24);
    const h = await history(id, now - 7 * DAY, now);
    expect(h.bucketS).toBe(3600);
    expect(h.points.reduce((s, p) => s + p.samples, 0)).toBe(4 * 24 * 6);
  });
});
