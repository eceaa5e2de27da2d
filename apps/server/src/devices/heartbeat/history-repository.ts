import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { weightedMean } from '../../fleet/rollups.js';
import { rowsOf } from '../../db/sql-rows.js';

export interface HistoryRow {
  bucket: number;
  voltage_a: number | null;
  voltage_b: number | null;
  voltage_c: number | null;
  current_a: number | null;
  current_b: number | null;
  current_c: number | null;
  power_kw: number | null;
  power_factor: number | null;
  energy_kwh: number | null;
  leakage_ma: number | null;
  dim: number | null;
  on_share: number | null;
  samples: number;
}

const mean = (column: string) => sql.raw(`round(avg(${column})::numeric, 3)::float8`);
const rolledMean = (column: string) => sql.raw(`round((${weightedMean(column)})::numeric, 3)::float8`);

/** Rollup grains: hourly, and daily (days in ROLLUP_TIME_ZONE). */
export type Grain = 'h' | 'd';

/** A terminal's heartbeats cut into fixed buckets in SQL, so a plot never receives raw rows. */
export class HistoryRepository {
  constructor(private readonly db: Db) {}

  /** Buckets of `bucketS` seconds counted from the epoch; the (terminal, ts) index bounds the scan to the range. */
  async buckets(terminalId: number, from: Date, to: Date, bucketS: number): Promise<HistoryRow[]> {
    const result = await this.db.execute(sql`
      select floor(extract(epoch from ts) / ${bucketS})::bigint * ${bucketS} as bucket,
        ${mean('voltage_a')} as voltage_a, ${mean('voltage_b')} as voltage_b, ${mean('voltage_c')} as voltage_c,
        ${mean('current_a')} as current_a, ${mean('current_b')} as current_b, ${mean('current_c')} as current_c,
        ${mean('coalesce(power_a, 0) + coalesce(power_b, 0) + coalesce(power_c, 0)')} as power_kw,
        ${mean('power_factor')} as power_factor,
        max(energy_kwh)::float8 as energy_kwh,
        ${mean('leakage_ma')} as leakage_ma,
        ${mean('dim')} as dim,
        round(avg(case when "on" then 1 when "on" is null then null else 0 end)::numeric, 3)::float8 as on_share,
        count(*)::int as samples
      from heartbeat
      where terminal_id = ${terminalId} and ts >= ${from.toISOString()}::timestamptz and ts <= ${to.toISOString()}::timestamptz
      group by 1
      order by 1`);
    return rowsOf<HistoryRow>(result).map((r) => ({ ...r, bucket: Number(r.bucket) }));
  }

  /** The start of the newest rollup of the terminal before `to`: the rollup job last reached into it, so it may be partial. */
  async latestRollup(terminalId: number, grain: Grain, to: Date): Promise<Date | null> {
    const result = await this.db.execute(sql`
      select max(bucket) as bucket from heartbeat_rollup where terminal_id = ${terminalId} and grain = ${grain} and bucket < ${to.toISOString()}::timestamptz`);
    const bucket = rowsOf<{ bucket: string | Date | null }>(result)[0]?.bucket;
    return bucket ? new Date(bucket) : null;
  }

  /**
   * The same buckets from the terminal's rollups whose start is in [from, before): `bucketS` is a whole
   * number of the grain, so each rollup falls in one bucket; means are weighted by the rollups' samples.
   */
  async rollupBuckets(terminalId: number, grain: Grain, from: Date, before: Date, bucketS: number): Promise<HistoryRow[]> {
    const result = await this.db.execute(sql`
      select floor(extract(epoch from bucket) / ${bucketS})::bigint * ${bucketS} as bucket,
        ${rolledMean('voltage_avg')} as voltage_a, ${rolledMean('voltage_b_avg')} as voltage_b, ${rolledMean('voltage_c_avg')} as voltage_c,
        ${rolledMean('current_a_avg')} as current_a, ${rolledMean('current_b_avg')} as current_b, ${rolledMean('current_c_avg')} as current_c,
        ${rolledMean('power_avg')} as power_kw,
        ${rolledMean('power_factor_avg')} as power_factor,
        max(energy_last)::float8 as energy_kwh,
        ${rolledMean('leakage_avg')} as leakage_ma,
        ${rolledMean('dim_avg')} as dim,
        ${rolledMean('on_share')} as on_share,
        sum(samples)::int as samples
      from heartbeat_rollup
      where terminal_id = ${terminalId} and grain = ${grain} and bucket >= ${from.toISOString()}::timestamptz and bucket < ${before.toISOString()}::timestamptz
      group by 1
      order by 1`);
    return rowsOf<HistoryRow>(result).map((r) => ({ ...r, bucket: Number(r.bucket) }));
  }
}
