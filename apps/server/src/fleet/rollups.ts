import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../gateway/sql-rows.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const floorHour = (d: Date) => new Date(Math.floor(d.getTime() / HOUR_MS) * HOUR_MS);
const ceilHour = (d: Date) => new Date(Math.ceil(d.getTime() / HOUR_MS) * HOUR_MS);

/** Phase A's voltage; the current and power of all phases together (a single-phase lamp has only A). */
const CURRENT = sql.raw(`coalesce(h.current_a, 0) + coalesce(h.current_b, 0) + coalesce(h.current_c, 0)`);
/** Every bucket is replaced by its recomputed values; buckets whose raw rows retention dropped are left as they are. */
const UPSERT = sql.raw('samples = excluded.samples, voltage_min = excluded.voltage_min, voltage_avg = excluded.voltage_avg, voltage_max = excluded.voltage_max, current_min = excluded.current_min, current_avg = excluded.current_avg, current_max = excluded.current_max, power_avg = excluded.power_avg, power_max = excluded.power_max, energy_first = excluded.energy_first, energy_last = excluded.energy_last, burn_first = excluded.burn_first, burn_last = excluded.burn_last, availability = excluded.availability');
const POWER = sql.raw(`coalesce(h.power_a, 0) + coalesce(h.power_b, 0) + coalesce(h.power_c, 0)`);

export interface RollupPoint {
  bucket: string;
  samples: number;
  voltageMin: number | null;
  voltageAvg: number | null;
  voltageMax: number | null;
  currentMin: number | null;
  currentAvg: number | null;
  currentMax: number | null;
  powerAvg: number | null;
  powerMax: number | null;
  /** Meter advance in the bucket. */
  energyKwh: number | null;
  burnHours: number | null;
  /** Heartbeats received over heartbeats expected at the terminal's interval, 0-1. */
  availability: number;
}

/**
 * Hourly and daily aggregates of the heartbeats per terminal, and daily totals per department. Every
 * bucket with raw rows is recomputed whole from them (upsert), so running a range twice (late readings,
 * a catch-up after downtime) gives the same rows, and a bucket whose raw rows retention already
 * dropped keeps its values. Daily buckets are days in `timeZone` (the statistics' days).
 */
export class RollupRepository {
  constructor(
    private readonly db: Db,
    private readonly timeZone: string,
  ) {}

  /** Recomputes the hours of [from, to) from the raw rows, then the days and department totals those hours touch. */
  async rollUp(from: Date, to: Date): Promise<void> {
    const lo = floorHour(from);
    const hi = ceilHour(to);
    const tz = this.timeZone;
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into heartbeat_rollup (terminal_id, grain, bucket, samples, voltage_min, voltage_avg, voltage_max, current_min, current_avg, current_max,
          power_avg, power_max, energy_first, energy_last, burn_first, burn_last, availability)
        select h.terminal_id, 'h', date_trunc('hour', h.ts), count(*)::int, min(h.voltage_a), avg(h.voltage_a), max(h.voltage_a),
          min(${CURRENT}), avg(${CURRENT}), max(${CURRENT}), avg(${POWER}), max(${POWER}),
          min(h.energy_kwh), max(h.energy_kwh), min(h.burn_hours), max(h.burn_hours),
          least(1, count(*) * coalesce(max(t.heartbeat_s), 60) / 3600.0)
        from heartbeat h left join terminal t on t.terminal_id = h.terminal_id
        where h.ts >= ${lo} and h.ts < ${hi}
        group by 1, 3
        on conflict (terminal_id, grain, bucket) do update set ${UPSERT}`);
      // The local days the hours touch, whole.
      const dayLo = sql`(date_trunc('day', ${lo}::timestamptz at time zone ${tz}) at time zone ${tz})`;
      const dayHi = sql`((date_trunc('day', (${hi}::timestamptz - interval '1 microsecond') at time zone ${tz}) + interval '1 day') at time zone ${tz})`;
      await tx.execute(sql`
        insert into heartbeat_rollup (terminal_id, grain, bucket, samples, voltage_min, voltage_avg, voltage_max, current_min, current_avg, current_max,
          power_avg, power_max, energy_first, energy_last, burn_first, burn_last, availability)
        select terminal_id, 'd', date_trunc('day', bucket at time zone ${tz}) at time zone ${tz}, sum(samples)::int,
          min(voltage_min), sum(voltage_avg * samples) / sum(samples), max(voltage_max),
          min(current_min), sum(current_avg * samples) / sum(samples), max(current_max),
          sum(power_avg * samples) / sum(samples), max(power_max),
          min(energy_first), max(energy_last), min(burn_first), max(burn_last), least(1, sum(availability) / 24)
        from heartbeat_rollup
        where grain = 'h' and bucket >= ${dayLo} and bucket < ${dayHi}
        group by 1, 3
        on conflict (terminal_id, grain, bucket) do update set ${UPSERT}`);
      await tx.execute(sql`
        insert into heartbeat_rollup_dept (dept_id, family, day, terminals, samples, energy_kwh, avg_power_kw, max_power_kw)
        select coalesce(t.dept_id, 0), t.family, (r.bucket at time zone ${tz})::date, count(*)::int, sum(r.samples)::int,
          coalesce(sum(r.energy_last - r.energy_first), 0), coalesce(sum(r.power_avg), 0), coalesce(sum(r.power_max), 0)
        from heartbeat_rollup r join terminal t on t.terminal_id = r.terminal_id
        where r.grain = 'd' and r.bucket >= ${dayLo} and r.bucket < ${dayHi}
        group by 1, 2, 3
        on conflict (day, dept_id, family) do update set terminals = excluded.terminals, samples = excluded.samples,
          energy_kwh = excluded.energy_kwh, avg_power_kw = excluded.avg_power_kw, max_power_kw = excluded.max_power_kw`);
    });
  }

  /**
   * One terminal's series from the rollups: hourly up to 31 days, daily beyond. The terminal plots read
   * this for ranges over two days (raw rows below that); it answers after the raw rows' retention too.
   */
  async series(terminalId: number, from: Date, to: Date, grain: 'h' | 'd' = to.getTime() - from.getTime() > 31 * DAY_MS ? 'd' : 'h'): Promise<RollupPoint[]> {
    const result = await this.db.execute(sql`
      select bucket, samples, voltage_min, voltage_avg, voltage_max, current_min, current_avg, current_max, power_avg, power_max,
        energy_last - energy_first as energy_kwh, burn_last - burn_first as burn_hours, availability
      from heartbeat_rollup where terminal_id = ${terminalId} and grain = ${grain} and bucket >= ${floorHour(from)} and bucket < ${to}
      order by bucket`);
    const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    return rowsOf<Record<string, unknown>>(result).map((r) => ({
      bucket: new Date(r.bucket as string).toISOString(),
      samples: Number(r.samples),
      voltageMin: num(r.voltage_min), voltageAvg: num(r.voltage_avg), voltageMax: num(r.voltage_max),
      currentMin: num(r.current_min), currentAvg: num(r.current_avg), currentMax: num(r.current_max),
      powerAvg: num(r.power_avg), powerMax: num(r.power_max),
      energyKwh: num(r.energy_kwh), burnHours: num(r.burn_hours),
      availability: Number(r.availability),
    }));
  }
}
