import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../gateway/sql-rows.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const floorHour = (d: Date) => new Date(Math.floor(d.getTime() / HOUR_MS) * HOUR_MS);
const ceilHour = (d: Date) => new Date(Math.ceil(d.getTime() / HOUR_MS) * HOUR_MS);

type Aggregate = 'min' | 'avg' | 'max';
/** Phase A's voltage; the current and power of all phases together (a single-phase lamp has only A). */
const CURRENT = 'coalesce(h.current_a, 0) + coalesce(h.current_b, 0) + coalesce(h.current_c, 0)';
const POWER = 'coalesce(h.power_a, 0) + coalesce(h.power_b, 0) + coalesce(h.power_c, 0)';
const minAvgMax = (column: string, raw: string): Array<[string, Aggregate, string]> => [
  [`${column}_min`, 'min', raw],
  [`${column}_avg`, 'avg', raw],
  [`${column}_max`, 'max', raw],
];

/** Every aggregated column of a rollup: its name, how an hour aggregates the raw rows, the raw expression. */
const COLUMNS: Array<[column: string, aggregate: Aggregate, raw: string]> = [
  ...minAvgMax('voltage', 'h.voltage_a'),
  ...minAvgMax('current', CURRENT),
  ['power_avg', 'avg', POWER],
  ['power_max', 'max', POWER],
  ['energy_first', 'min', 'h.energy_kwh'],
  ['energy_last', 'max', 'h.energy_kwh'],
  ['burn_first', 'min', 'h.burn_hours'],
  ['burn_last', 'max', 'h.burn_hours'],
  ...minAvgMax('voltage_b', 'h.voltage_b'),
  ...minAvgMax('voltage_c', 'h.voltage_c'),
  ...minAvgMax('current_a', 'h.current_a'),
  ...minAvgMax('current_b', 'h.current_b'),
  ...minAvgMax('current_c', 'h.current_c'),
  ...(['a', 'b', 'c'] as const).flatMap((p): Array<[string, Aggregate, string]> => [
    [`power_${p}_avg`, 'avg', `h.power_${p}`],
    [`power_${p}_max`, 'max', `h.power_${p}`],
  ]),
  ['power_factor_avg', 'avg', 'h.power_factor'],
  ['leakage_avg', 'avg', 'h.leakage_ma'],
  ['dim_avg', 'avg', 'h.dim'],
  ['on_share', 'avg', 'case when h."on" then 1 when h."on" is null then null else 0 end'],
];

/**
 * A mean of rollup means, weighted by their samples; buckets where the reading was missing do not count.
 * Exact when a reading is missing for whole hours (a lamp's phases B and C), close when only some of an hour's readings lack it.
 */
export const weightedMean = (column: string) => `sum(${column} * samples) / nullif(sum(case when ${column} is not null then samples end), 0)`;

const NAMES = sql.raw(['samples', ...COLUMNS.map(([c]) => c), 'availability'].join(', '));
const FROM_RAW = sql.raw(COLUMNS.map(([, aggregate, raw]) => `${aggregate}(${raw})`).join(', '));
const FROM_HOURS = sql.raw(COLUMNS.map(([c, aggregate]) => (aggregate === 'avg' ? weightedMean(c) : `${aggregate}(${c})`)).join(', '));
/** Every bucket is replaced by its recomputed values; buckets whose raw rows retention dropped are left as they are. */
const UPSERT = sql.raw(['samples', ...COLUMNS.map(([c]) => c), 'availability'].map((c) => `${c} = excluded.${c}`).join(', '));

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
  /** Per phase (A, B, C): voltage and current min/avg/max, active power avg/max. */
  phases: Array<{ voltageMin: number | null; voltageAvg: number | null; voltageMax: number | null; currentMin: number | null; currentAvg: number | null; currentMax: number | null; powerAvg: number | null; powerMax: number | null }>;
  powerFactorAvg: number | null;
  leakageAvg: number | null;
  dimAvg: number | null;
  onShare: number | null;
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
        insert into heartbeat_rollup (terminal_id, grain, bucket, ${NAMES})
        select h.terminal_id, 'h', date_trunc('hour', h.ts), count(*)::int, ${FROM_RAW},
          least(1, count(*) * coalesce(max(t.heartbeat_s), 60) / 3600.0)
        from heartbeat h left join terminal t on t.terminal_id = h.terminal_id
        where h.ts >= ${lo} and h.ts < ${hi}
        group by 1, 3
        on conflict (terminal_id, grain, bucket) do update set ${UPSERT}`);
      // The local days the hours touch, whole.
      const dayLo = sql`(date_trunc('day', ${lo}::timestamptz at time zone ${tz}) at time zone ${tz})`;
      const dayHi = sql`((date_trunc('day', (${hi}::timestamptz - interval '1 microsecond') at time zone ${tz}) + interval '1 day') at time zone ${tz})`;
      await tx.execute(sql`
        insert into heartbeat_rollup (terminal_id, grain, bucket, ${NAMES})
        select terminal_id, 'd', date_trunc('day', bucket at time zone ${tz}) at time zone ${tz}, sum(samples)::int, ${FROM_HOURS},
          least(1, sum(availability) / 24)
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

  /** One terminal's rollups as they are stored: hourly up to 31 days, daily beyond (the plots read them regrouped: devices/heartbeat/history-*). */
  async series(terminalId: number, from: Date, to: Date, grain: 'h' | 'd' = to.getTime() - from.getTime() > 31 * DAY_MS ? 'd' : 'h'): Promise<RollupPoint[]> {
    const result = await this.db.execute(sql`
      select bucket, ${NAMES}, energy_last - energy_first as energy_kwh, burn_last - burn_first as burn_hours
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
      phases: (['a', 'b', 'c'] as const).map((p) => ({
        voltageMin: num(p === 'a' ? r.voltage_min : r[`voltage_${p}_min`]),
        voltageAvg: num(p === 'a' ? r.voltage_avg : r[`voltage_${p}_avg`]),
        voltageMax: num(p === 'a' ? r.voltage_max : r[`voltage_${p}_max`]),
        currentMin: num(r[`current_${p}_min`]), currentAvg: num(r[`current_${p}_avg`]), currentMax: num(r[`current_${p}_max`]),
        powerAvg: num(r[`power_${p}_avg`]), powerMax: num(r[`power_${p}_max`]),
      })),
      powerFactorAvg: num(r.power_factor_avg), leakageAvg: num(r.leakage_avg), dimAvg: num(r.dim_avg), onShare: num(r.on_share),
    }));
  }
}
