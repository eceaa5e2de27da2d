import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { energyPerDay, METER_GAP } from '../energy/meter-energy-domain.js';
import { rowsOf } from '../db/sql-rows.js';
import { HOURS_OF_DAY, litDaySql, litHourSql, ratedWattsSql } from './lamp-light-domain.js';
import { localHourSql, localMidnightSql, refreshPositionZones, terminalZonesSql } from './terminal-days-domain.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const floorHour = (d: Date) => new Date(Math.floor(d.getTime() / HOUR_MS) * HOUR_MS);

/** `first` and `last`: the bucket's first and last value by time (of the readings, or of the hours a day holds). */
type Aggregate = 'min' | 'avg' | 'max' | 'first' | 'last';
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
  ['energy_first', 'first', 'h.energy_kwh'],
  ['energy_last', 'last', 'h.energy_kwh'],
  // When the first and last meter reading were read: the meter's rise between two buckets is spread over that time.
  ['first_ts', 'min', 'case when h.energy_kwh is not null then h.ts end'],
  ['last_ts', 'max', 'case when h.energy_kwh is not null then h.ts end'],
  // The last reading of any kind: what the bucket holds ends there (the statistics' tail reads after it).
  ['seen_ts', 'max', 'h.ts'],
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

const firstOrLast = (value: string, aggregate: 'first' | 'last', order: string) =>
  `(array_agg(${value} order by ${order}${aggregate === 'last' ? ' desc' : ''}) filter (where ${value} is not null))[1]`;
const NAMES = sql.raw(['samples', ...COLUMNS.map(([c]) => c), 'availability'].join(', '));
const FROM_RAW = sql.raw(COLUMNS.map(([, aggregate, raw]) => (aggregate === 'first' || aggregate === 'last' ? firstOrLast(raw, aggregate, 'h.ts') : `${aggregate}(${raw})`)).join(', '));
const FROM_HOURS = sql.raw(
  COLUMNS.map(([c, aggregate]) => (aggregate === 'avg' ? weightedMean(c) : aggregate === 'first' || aggregate === 'last' ? firstOrLast(c, aggregate, 'bucket') : `${aggregate}(${c})`)).join(', '),
);
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
  /** Energy used (docs/energy.md): an hour's counts the meter's rises between its own readings, a day's is the day's whole. */
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
 * dropped keeps its values. Daily buckets are days in `timeZone` (the statistics' days), hourly ones its local
 * hours, so a day is whole hours in a half-hour or 45-minute zone too. A day's energy
 * also takes its share of the meter's rises between hours (energy/meter-energy-domain.ts), so it is
 * recomputed from the hours around it: see `dayEnergy`.
 */
export class RollupRepository {
  constructor(
    private readonly db: Db,
    private readonly timeZone: string,
  ) {}

  /**
   * Recomputes the hours of [from, to) from the raw rows, then the days and department totals those hours touch. Each
   * terminal's hours and days are its own zone's (fleet/terminal-days-domain.ts: its own, its department's, its
   * position's, else this repository's zone): in Asia/Kolkata its hours start at half past UTC hours, its days at its
   * midnight, and a department's day sums each terminal's local day of that date.
   */
  async rollUp(from: Date, to: Date): Promise<void> {
    await refreshPositionZones(this.db);
    const fallback = this.timeZone;
    // A zone's hours start 0, 15, 30 or 45 minutes past a UTC hour: the readings of [lo - 1 h, hi + 1 h) are whole
    // hours for every bucket starting in [lo, hi], and those buckets cover [from, to) in every zone.
    const lo = new Date(floorHour(from).getTime() - HOUR_MS);
    const hi = new Date(floorHour(new Date(to.getTime() - 1)).getTime() + HOUR_MS);
    const readFrom = new Date(lo.getTime() - HOUR_MS);
    const readTo = new Date(hi.getTime() + HOUR_MS);
    const zones = sql`z as (${terminalZonesSql(fallback)})`;
    // Days holding any of those hours lie within a day and a zone's offset of them.
    const dayFrom = new Date(lo.getTime() - DAY_MS - 3 * HOUR_MS);
    const dayTo = new Date(readTo.getTime() + DAY_MS + 3 * HOUR_MS);
    await this.db.transaction(async (tx) => {
      // Hours rolled up on other edges (UTC hours before migration 0021, another zone's, the terminal's old zone's) that
      // the recompute would overlap: their readings go to the terminal's hours. The days likewise.
      const bucketEnd = sql`r.bucket + interval '1 hour' - interval '1 microsecond'`;
      const tz = sql`coalesce(z.tz, ${fallback}::text)`;
      await tx.execute(sql`
        with ${zones}
        delete from heartbeat_rollup where grain = 'h' and (terminal_id, bucket) in (
          select r.terminal_id, r.bucket from heartbeat_rollup r left join z on z.terminal_id = r.terminal_id
          where r.grain = 'h' and r.bucket >= ${new Date(lo.getTime() - HOUR_MS)} and r.bucket <= ${hi}
            and r.bucket <> ${localHourSql(sql`r.bucket`, tz)} and r.bucket <> ${localHourSql(bucketEnd, tz)})`);
      await tx.execute(sql`
        with ${zones}
        delete from heartbeat_rollup where grain = 'd' and (terminal_id, bucket) in (
          select r.terminal_id, r.bucket from heartbeat_rollup r left join z on z.terminal_id = r.terminal_id
          where r.grain = 'd' and r.bucket >= ${dayFrom} and r.bucket < ${dayTo} and r.bucket <> ${localMidnightSql(sql`r.bucket`, tz)})`);
      // energy_step: the meter's change since the hour's reading before (readings without a meter value set apart).
      await tx.execute(sql`
        with ${zones}
        insert into heartbeat_rollup (terminal_id, grain, bucket, ${NAMES}, energy_used)
        select h.terminal_id, 'h', h.hour, count(*)::int, ${FROM_RAW},
          least(1, count(*) * coalesce(max(t.heartbeat_s), 60) / 3600.0),
          case when count(h.energy_kwh) > 0 then coalesce(sum(greatest(h.energy_step, 0)), 0) end
        from (
          select h.*, h.energy_kwh - lag(h.energy_kwh) over (partition by h.terminal_id, h.hour, h.energy_kwh is null order by h.ts, h.energy_kwh) as energy_step
          from (
            select h.*, ${localHourSql(sql`h.ts`, sql`coalesce(z.tz, ${fallback}::text)`)} as hour
            from heartbeat h left join z on z.terminal_id = h.terminal_id where h.ts >= ${readFrom} and h.ts < ${readTo}
          ) h where h.hour >= ${lo} and h.hour <= ${hi}
        ) h left join terminal t on t.terminal_id = h.terminal_id
        group by 1, 3
        on conflict (terminal_id, grain, bucket) do update set ${UPSERT}, energy_used = excluded.energy_used`);
      // The terminal's local days the hours touch, whole; lit_hours: a bit per local hour whose mean power was light.
      await tx.execute(sql`
        with ${zones}
        insert into heartbeat_rollup (terminal_id, grain, bucket, ${NAMES}, lit_hours)
        select terminal_id, 'd', ${localMidnightSql(sql`bucket`, sql`tz`)}, sum(samples)::int, ${FROM_HOURS},
          least(1, sum(availability) / 24), coalesce(bit_or(case when lit then 1 << extract(hour from bucket at time zone tz)::int end), 0)
        from (
          select r.*, coalesce(z.tz, ${fallback}::text) as tz, ${litHourSql('r', 't')} as lit
          from heartbeat_rollup r left join z on z.terminal_id = r.terminal_id left join terminal t on t.terminal_id = r.terminal_id
          where r.grain = 'h' and r.bucket >= ${dayFrom} and r.bucket < ${dayTo}
        ) r
        where (bucket at time zone tz)::date between (${lo}::timestamptz at time zone tz)::date and (${new Date(readTo.getTime() - 1)}::timestamptz at time zone tz)::date
        group by 1, 3
        on conflict (terminal_id, grain, bucket) do update set ${UPSERT}, lit_hours = excluded.lit_hours`);
      const energyDays = await this.dayEnergy(tx, zones, lo, hi);
      // Department days: every terminal's local day of each date whose days changed, summed whole.
      const first = Math.min(dayFrom.getTime(), energyDays?.first.getTime() ?? Infinity);
      const last = Math.max(dayTo.getTime(), energyDays?.last.getTime() ?? -Infinity);
      const dateLo = new Date(first - DAY_MS).toISOString().slice(0, 10);
      const dateHi = new Date(last + DAY_MS).toISOString().slice(0, 10);
      await this.departmentDays(tx, zones, dateLo, dateHi);
    });
  }

  /** Recomputes the department days of the dates [dateLo, dateHi] (YYYY-MM-DD) from the daily rollups (benches write days straight). */
  async rollUpDepartmentDays(dateLo: string, dateHi: string): Promise<void> {
    await this.db.transaction((tx) => this.departmentDays(tx, sql`z as (${terminalZonesSql(this.timeZone)})`, dateLo, dateHi));
  }

  /**
   * Days rolled up before migration 0031 lack the report's sums: heals the latest `dates` dates of them per call (the
   * rollup job calls it each run, so a year is healed within hours, newest first). The terminals' daily `lit_hours` come
   * from their hourly rollups (the bit of an hour is its offset from the local midnight: the clock hour but on a
   * daylight-saving day), 0 for a day without readings; then the department days are recomputed. A day with readings
   * whose hours are gone (older than `hourlyDays`, the hourly rollups' retention) keeps lit_hours null: its lighting rate
   * is unknown. Answers the dates healed.
   */
  async healDepartmentDays(hourlyDays: number, dates = 7): Promise<string[]> {
    const due = rowsOf<{ day: string }>(
      await this.db.execute(sql`select distinct to_char(day, 'YYYY-MM-DD') as day from heartbeat_rollup_dept
        where full_kwh is null or (lit_by_hour is null and day > current_date - ${Math.max(0, hourlyDays - 2)}::int) order by 1 desc limit ${dates}`),
    ).map((r) => r.day);
    for (const day of due) {
      const [lo, hi] = [new Date(Date.parse(day) - 15 * HOUR_MS), new Date(Date.parse(day) + 39 * HOUR_MS)];
      await this.db.transaction(async (tx) => {
        await tx.execute(sql`
          update heartbeat_rollup d set lit_hours = h.bits
          from (
            select d2.terminal_id, d2.bucket, coalesce(bit_or(case when ${litHourSql('h', 't')} then 1 << floor(extract(epoch from h.bucket - d2.bucket) / 3600)::int end), 0) as bits
            from heartbeat_rollup d2 join heartbeat_rollup h on h.terminal_id = d2.terminal_id and h.grain = 'h' and h.bucket >= d2.bucket and h.bucket < d2.bucket + interval '1 day'
              join terminal t on t.terminal_id = d2.terminal_id
            where d2.grain = 'd' and d2.lit_hours is null and d2.bucket >= ${lo} and d2.bucket < ${hi}
            group by 1, 2
          ) h
          where d.terminal_id = h.terminal_id and d.grain = 'd' and d.bucket = h.bucket`);
        await tx.execute(sql`update heartbeat_rollup set lit_hours = 0 where grain = 'd' and lit_hours is null and samples = 0 and bucket >= ${lo} and bucket < ${hi}`);
        await this.departmentDays(tx, sql`z as (${terminalZonesSql(this.timeZone)})`, day, day);
      });
    }
    return due;
  }

  /**
   * Department days: every terminal's local day of each date, summed whole. Besides the statistics' energy and power, the
   * energy report's sums (docs/reports.md): burning hours and their energy at rated power on light-level days, availability,
   * and per local hour the terminals lit.
   */
  private async departmentDays(tx: Pick<Db, 'execute'>, zones: SQL, dateLo: string, dateHi: string): Promise<void> {
    const fallback = this.timeZone;
    // Null while a terminal's day predates lit_hours (0031): the report then reads the terminals' rows.
    const litByHour = sql.raw(
      `case when bool_and(r.lit_hours is not null) then array[${HOURS_OF_DAY.map((h) => `coalesce(sum((r.lit_hours >> ${h}) & 1), 0)`).join(', ')}]::int[] end`,
    );
    await tx.execute(sql`delete from heartbeat_rollup_dept where day between ${dateLo}::date and ${dateHi}::date`);
    await tx.execute(sql`
      with ${zones},
      days as (
        select r.terminal_id, r.samples, r.energy_used, r.power_avg, r.power_max, r.on_share, r.availability, r.lit_hours,
          (r.bucket at time zone coalesce(z.tz, ${fallback}::text))::date as day
        from heartbeat_rollup r left join z on z.terminal_id = r.terminal_id
        where r.grain = 'd' and r.bucket >= ${new Date(Date.parse(dateLo) - 15 * HOUR_MS)} and r.bucket < ${new Date(Date.parse(dateHi) + 39 * HOUR_MS)}
      )
      insert into heartbeat_rollup_dept (dept_id, family, day, terminals, samples, energy_kwh, avg_power_kw, max_power_kw, burn_hours, full_kwh, availability, lit_by_hour)
      select coalesce(t.dept_id, 0), t.family, r.day, (count(*) filter (where r.samples > 0))::int, sum(r.samples)::int,
        coalesce(sum(r.energy_used), 0), coalesce(sum(r.power_avg), 0), coalesce(sum(r.power_max), 0),
        coalesce(sum(r.on_share * 24) filter (where ${litDaySql('r', 't')}), 0), coalesce(sum(r.on_share * 24 * ${ratedWattsSql('t')} / 1000.0) filter (where ${litDaySql('r', 't')}), 0),
        coalesce(sum(r.availability), 0), ${litByHour}
      from days r join terminal t on t.terminal_id = r.terminal_id
      where r.day between ${dateLo}::date and ${dateHi}::date
      group by 1, 2, 3
      on conflict (day, dept_id, family) do update set terminals = excluded.terminals, samples = excluded.samples, energy_kwh = excluded.energy_kwh,
        avg_power_kw = excluded.avg_power_kw, max_power_kw = excluded.max_power_kw, burn_hours = excluded.burn_hours, full_kwh = excluded.full_kwh,
        availability = excluded.availability, lit_by_hour = excluded.lit_by_hour`);
  }

  /**
   * The energy of every local day (of the terminal's zone) the recomputed hours [lo, hi] can change, per terminal: back
   * to the day of the terminal's reading before those hours (the rise up to its first reading in them is spread back to
   * it) and on to the day of its reading after them. A day's energy is the rises between the readings of each of its
   * hours plus its share of the rises between consecutive hours, read from the hourly rollups (never the raw rows), so a
   * terminal silent for two days costs its own few dozen hours, not the fleet's. Days of a silence get a row (no
   * readings, availability 0) with their share. Answers the first and last day written.
   */
  private async dayEnergy(tx: Pick<Db, 'execute'>, zones: SQL, lo: Date, hi: Date): Promise<{ first: Date; last: Date } | undefined> {
    const fallback = this.timeZone;
    const hourly = sql.raw('bucket, first_ts, last_ts, energy_first, energy_last, energy_used');
    const start = sql`(s.d0 at time zone s.tz)`;
    const end = sql`(s.d1 at time zone s.tz)`;
    const result = await tx.execute(sql`
      with ${zones},
      touched as (
        select r.terminal_id, coalesce(min(z.tz), ${fallback}::text) as tz, min(r.bucket) as b0, max(r.bucket) + interval '1 hour' - interval '1 microsecond' as b1
        from heartbeat_rollup r left join z on z.terminal_id = r.terminal_id where r.grain = 'h' and r.bucket >= ${lo} and r.bucket <= ${hi} group by 1
      ),
      span as (
        select t.terminal_id, t.tz, date_trunc('day', coalesce(p.last_ts, t.b0) at time zone t.tz) as d0,
          date_trunc('day', coalesce(n.first_ts, t.b1) at time zone t.tz) + interval '1 day' as d1
        from touched t
        left join lateral (select r.last_ts from heartbeat_rollup r where r.terminal_id = t.terminal_id and r.grain = 'h'
          and r.bucket < t.b0 and r.bucket >= t.b0 - ${METER_GAP} and r.last_ts is not null order by r.bucket desc limit 1) p on true
        left join lateral (select r.first_ts from heartbeat_rollup r where r.terminal_id = t.terminal_id and r.grain = 'h'
          and r.bucket > t.b1 and r.bucket <= t.b1 + ${METER_GAP} and r.first_ts is not null order by r.bucket limit 1) n on true
      ),
      -- Each terminal's hours over its days (from the hour before the first local midnight: an hour rolled up on UTC
      -- edges before migration 0021, older than the raw rows, may straddle it), and the hour with a reading just before
      -- and just after them.
      hours as (
        select s.terminal_id, ${hourly} from span s join heartbeat_rollup r on r.terminal_id = s.terminal_id and r.grain = 'h'
          and r.bucket >= ${start} - interval '1 hour' and r.bucket < ${end} and r.last_ts is not null
        union all
        select s.terminal_id, p.* from span s cross join lateral (select ${hourly} from heartbeat_rollup r where r.terminal_id = s.terminal_id and r.grain = 'h'
          and r.bucket < ${start} - interval '1 hour' and r.bucket >= ${start} - ${METER_GAP} and r.last_ts is not null order by r.bucket desc limit 1) p
        union all
        select s.terminal_id, n.* from span s cross join lateral (select ${hourly} from heartbeat_rollup r where r.terminal_id = s.terminal_id and r.grain = 'h'
          and r.bucket >= ${end} and r.bucket < ${end} + ${METER_GAP} and r.last_ts is not null order by r.bucket limit 1) n
      ),
      rises as (
        select terminal_id, first_ts as t0, last_ts as t1, energy_used as inc from hours where energy_used > 0
        union all
        select terminal_id, t0, t1, inc from (
          select terminal_id, lag(last_ts) over w as t0, first_ts as t1, energy_first - lag(energy_last) over w as inc
          from hours window w as (partition by terminal_id order by bucket)) b
        where inc > 0 and t1 - t0 <= ${METER_GAP}
      ),
      energy as (${energyPerDay(sql`select g.*, ${start} as lo, ${end} as hi, s.tz from rises g join span s on s.terminal_id = g.terminal_id`, sql`g.tz`)}),
      written as (
        insert into heartbeat_rollup (terminal_id, grain, bucket, samples, availability, energy_used)
        select s.terminal_id, 'd', d.day at time zone s.tz, 0, 0, coalesce(e.kwh, 0)
        from span s cross join lateral generate_series(s.d0, s.d1 - interval '1 day', interval '1 day') d(day)
        left join energy e on e.terminal_id = s.terminal_id and e.day = d.day
        on conflict (terminal_id, grain, bucket) do update set energy_used = excluded.energy_used
        returning bucket
      )
      select min(bucket) as first, max(bucket) as last from written`);
    const row = rowsOf<{ first: string | Date | null; last: string | Date | null }>(result)[0];
    return row?.first && row.last ? { first: new Date(row.first), last: new Date(row.last) } : undefined;
  }

  /** One terminal's rollups as they are stored: hourly up to 31 days, daily beyond (the plots read them regrouped: devices/heartbeat/history-*). */
  async series(terminalId: number, from: Date, to: Date, grain: 'h' | 'd' = to.getTime() - from.getTime() > 31 * DAY_MS ? 'd' : 'h'): Promise<RollupPoint[]> {
    const result = await this.db.execute(sql`
      select bucket, ${NAMES}, energy_used as energy_kwh, burn_last - burn_first as burn_hours
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
