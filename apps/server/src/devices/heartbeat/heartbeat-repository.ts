import { and, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { DeviceRecordQuery, HeartStatisticsDay } from '@sl/contracts';
import { BriefCache } from '../../db/brief-cache.js';
import type { Db } from '../../db/client.js';
import { PreparedShapes } from '../../db/prepared.js';
import { heartbeatRollupDepts, heartbeats, schedulerJobs, terminals } from '../../db/schema/index.js';
import { energyPerDay, METER_GAP, meterRises, withNeighbours } from '../../energy/meter-energy-domain.js';
import { zonedDate } from '../../control/compiler/zone-time.js';
import { LATE_MS, ROLLUP_JOB } from '../../fleet/rollup-schedule-domain.js';
import { terminalZonesSql } from '../../fleet/terminal-days-domain.js';
import { rowsOf } from '../../db/sql-rows.js';
import { dataScopeFilter, dataScopeKey } from '../../system/access/data-scope.js';
import type { Principal } from '../../system/access/principal.js';
import { recordShape, recordWhere, shapedRecordPage, terminalRef, type RecordFilter } from '../logs/records.js';
import { KEEP_FROM_TERMINALS, SharedStatistics } from './shared-statistics.js';

const DAY_MS = 86_400_000;
const OLDEST_KEPT_MS = 60_000;
const cols = { terminalId: heartbeats.terminalId, time: heartbeats.ts };
const totalPower = sql`coalesce(${heartbeats.powerA}, 0) + coalesce(${heartbeats.powerB}, 0) + coalesce(${heartbeats.powerC}, 0)`;
const rounded = (expr: unknown) => sql<number>`coalesce(round((${expr})::numeric, 3), 0)::float8`;

export class HeartbeatRepository {
  private readonly shapes = new PreparedShapes();
  private readonly oldest = new BriefCache<string, string | Date | null>(OLDEST_KEPT_MS);

  constructor(
    private readonly db: Db,
    /** The zone of the days of terminals with no zone of their own, their department's or at their position (ROLLUP_TIME_ZONE). */
    private readonly rollupTimeZone = 'Asia/Shanghai',
    private readonly shared = new SharedStatistics<{ days: HeartStatisticsDay[]; city: boolean }>(),
  ) {}

  private select() {
    return this.db
      .select({ ...getTableColumns(heartbeats), ...terminalRef })
      .from(heartbeats)
      .innerJoin(terminals, eq(terminals.terminalId, heartbeats.terminalId))
      .$dynamic();
  }

  page(principal: Principal, q: DeviceRecordQuery) {
    // One terminal's readings: counted (capped) first; the fleet's: the planner's estimate first (db/paging.ts).
    return shapedRecordPage(this.db, this.shapes, 'heartbeats', q, recordShape(principal, q, cols), () => recordWhere(principal, q, cols), {
      page: (where, limit) => this.select().where(where).orderBy(desc(heartbeats.ts), desc(heartbeats.id)).limit(limit).offset(sql.placeholder('offset')),
      counted: (where) => this.db.select({ one: sql`1` }).from(heartbeats).innerJoin(terminals, eq(terminals.terminalId, heartbeats.terminalId)).where(where),
      time: heartbeats.ts,
    }, !!q.terminalId);
  }

  async find(principal: Principal, id: number, filter: RecordFilter = {}) {
    return (await this.select().where(and(eq(heartbeats.id, id), recordWhere(principal, filter, cols))))[0];
  }

  /**
   * Per day, per terminal first (meter delta, mean and peak power), then summed over the terminals. Each terminal's days
   * are its own zone's (fleet/terminal-days-domain.ts): the range is the local dates and times of `from` and `to` in
   * `tz`, read on each terminal's clock, so a department's day sums each terminal's local day of that date. A range over
   * two days reads the daily rollups (fleet/rollups.ts) once they reach back to its start: a few thousand rows instead
   * of every reading of the month.
   */
  async statistics(principal: Principal, filter: RecordFilter & { from: Date; to: Date }, tz: string): Promise<HeartStatisticsDay[]> {
    if (filter.to.getTime() - filter.from.getTime() > 2 * DAY_MS && !filter.sn) {
      const state = await this.rollupState();
      if (await this.rollupsReach(state.first, filter.from)) {
        const unrolledSince = state.lastRun ? new Date(new Date(state.lastRun).getTime() - LATE_MS) : undefined;
        return this.statisticsFromRollups(principal, filter, tz, unrolledSince);
      }
    }
    return this.statisticsFromRows(principal, filter, tz);
  }

  /** Where the rollups stand: their first day, and the rollup job's last run (null before it ever ran through the scheduler). */
  private async rollupState(): Promise<{ first: string | Date | null; lastRun: string | Date | null }> {
    const [row] = await this.shapes.run('rollup-state', () => this.db
      .select({
        first: sql<string | Date | null>`(select min(day) from heartbeat_rollup_dept)`,
        lastRun: sql<string | Date | null>`(select last_run_at from ${schedulerJobs} where ${schedulerJobs.name} = ${ROLLUP_JOB})`,
      })
      .from(sql`(select 1) one`), {});
    return row;
  }

  /**
   * Whether the daily rollups start no later than the range, or than the oldest stored reading (or no reading is left).
   * The oldest reading (`min(ts)`, an index probe of every day partition: a third of a millisecond of PostgreSQL at a
   * month of them) is read only when the rollups start after the range, and kept for OLDEST_KEPT_MS: it moves when
   * retention drops a day, or when a reading older than every stored one arrives late (the rollups then lack it for
   * that long at most).
   */
  private async rollupsReach(first: string | Date | null, from: Date): Promise<boolean> {
    if (!first) return false;
    const start = new Date(first).getTime();
    if (start <= from.getTime()) return true;
    const oldest = await this.oldest.get('oldest', async () => {
      const [row] = await this.shapes.run('oldest-reading', () => this.db
        .select({ oldest: sql<string | Date | null>`((select min(ts) from heartbeat) at time zone ${this.rollupTimeZone})::date` })
        .from(sql`(select 1) one`), {});
      return row.oldest;
    });
    return oldest === null || start <= new Date(oldest).getTime();
  }

  /**
   * The daily rollups of the range's dates, plus what the rollup job has not rolled up yet: each terminal's readings
   * after its last rolled reading (`tail`), so today's energy so far is there (a row of its own just after midnight,
   * before the job's first run of the day) and reconciles with the raw readings, as the map's today does.
   */
  private async statisticsFromRollups(principal: Principal, filter: RecordFilter & { from: Date; to: Date }, tz: string, unrolledSince?: Date): Promise<HeartStatisticsDay[]> {
    const day = sql`(${filter.from}::timestamptz at time zone ${tz})::date`;
    const dayTo = sql`(${filter.to}::timestamptz at time zone ${tz})::date`;
    const read = async () => tailByDay(await this.tail(principal, filter, day, dayTo, unrolledSince));
    if (filter.terminalId) {
      const tail = await read();
      const zones = terminalZonesSql(this.rollupTimeZone, sql`t.terminal_id = ${filter.terminalId}`);
      const result = await this.db.execute(sql`
        select to_char(r.bucket at time zone z.tz, 'YYYY-MM-DD') as day, coalesce(r.energy_used, 0)::float8 as "energyKwh",
          coalesce(r.power_avg, 0)::float8 as "avgPowerKw", coalesce(r.power_max, 0)::float8 as "maxPowerKw", 1 as terminals, r.samples
        from heartbeat_rollup r join (${zones}) z on z.terminal_id = r.terminal_id join ${terminals} on ${terminals.terminalId} = r.terminal_id
        where r.terminal_id = ${filter.terminalId} and r.grain = 'd' and ${and(filter.family ? eq(terminals.family, filter.family) : undefined, dataScopeFilter(principal, { dept: terminals.deptId })) ?? sql`true`}
          and (r.bucket at time zone z.tz)::date between ${day} and ${dayTo}
        order by r.bucket`);
      return withTail(rowsOf<HeartStatisticsDay>(result), tail).map((d) => ({ ...d, terminals: 1 }));
    }
    // A city's answer is shared for a while (shared-statistics.ts); a small fleet's is read anew by every request.
    const answer = await this.shared.get(statisticsKey(principal, filter, tz, unrolledSince), async () => {
      const [days, tail] = await Promise.all([this.departmentDays(principal, filter, tz), read()]);
      return { days: withTail(days, tail), city: days.some((d) => Number(d.terminals) >= KEEP_FROM_TERMINALS) };
    }, (kept) => kept.city);
    return answer.days;
  }

  /** The rollups' department days of the range's dates in `tz`, summed over the departments in scope: a statement kept per shape. */
  private departmentDays(principal: Principal, filter: RecordFilter & { from: Date; to: Date }, tz: string) {
    const r = heartbeatRollupDepts;
    return this.shapes.run(
      `days|${dataScopeKey(principal)}|${filter.family ? 'family' : ''}`,
      () => this.db
        .select({
          day: sql<string>`to_char(${r.day}, 'YYYY-MM-DD')`,
          energyKwh: sql<number>`sum(${r.energyKwh})::float8`,
          avgPowerKw: sql<number>`sum(${r.avgPowerKw})::float8`,
          maxPowerKw: sql<number>`sum(${r.maxPowerKw})::float8`,
          terminals: sql<number>`sum(${r.terminals})::int`,
          samples: sql<number>`sum(${r.samples})::int`,
        })
        .from(r)
        .where(and(
          filter.family ? sql`${r.family} = ${sql.placeholder('family')}` : undefined,
          dataScopeFilter(principal, { dept: r.deptId }),
          sql`${r.day} between (${sql.placeholder('from')}::timestamptz at time zone ${sql.placeholder('tz')}::text)::date
            and (${sql.placeholder('to')}::timestamptz at time zone ${sql.placeholder('tz')}::text)::date`,
        ))
        .groupBy(r.day)
        .orderBy(r.day),
      { family: filter.family, from: filter.from.toISOString(), to: filter.to.toISOString(), tz },
    );
  }

  /**
   * What each terminal's daily rollups of the dates `day`..`dayTo` (its own zone's days) lack: the meter's rises after its
   * last rolled meter reading (the `last_ts` of its newest daily rollup with readings; a terminal never rolled up: from
   * its first day's midnight, with its reading before; energy/meter-energy-domain.ts), and the power and count of the
   * readings after its last rolled reading of any kind (`seen_ts`: readings without a meter value after `last_ts` are
   * in the rollup's count already). Answers, per terminal and local day, the change to that
   * day's figures. Cheap: an index probe per terminal and the minutes of readings since the job's last run (none for a
   * range that ended before it). A terminal whose newest rolled day has no meter reading gets the power and count of
   * its readings after `seen_ts` (a rollup written before migration 0032 has none: its figures are the rollups' until
   * the job recomputes it).
   *
   * `unrolledSince` (the rollup job's last run less its late window, LATE_MS): the job has rolled up every reading
   * before it, so only terminals with a reading since then can have a tail. Without it every terminal in scope is
   * probed, a lateral index probe each: 100,000 of them cost seconds a call.
   */
  private async tail(principal: Principal, filter: RecordFilter, day: SQL, dayTo: SQL, unrolledSince?: Date): Promise<TailDay[]> {
    const heard = unrolledSince ? sql`t.terminal_id in (select h.terminal_id from heartbeat h where h.ts >= ${unrolledSince})` : undefined;
    const zones = terminalZonesSql(this.rollupTimeZone, and(filter.terminalId ? sql`t.terminal_id = ${filter.terminalId}` : undefined, heard) ?? sql`true`);
    const scope = and(
      filter.terminalId ? eq(terminals.terminalId, filter.terminalId) : undefined,
      filter.family ? eq(terminals.family, filter.family) : undefined,
      dataScopeFilter(principal, { dept: terminals.deptId }),
    ) ?? sql`true`;
    const power = sql.raw('coalesce(h.power_a, 0) + coalesce(h.power_b, 0) + coalesce(h.power_c, 0)');
    const result = await this.db.execute(sql`
      with s0 as (
        select ${terminals.terminalId} as terminal_id, z.tz, (${day})::timestamp at time zone z.tz as d0, (${dayTo} + 1)::timestamp at time zone z.tz as d1,
          n.last_ts as cut, coalesce(n.seen_ts, n.last_ts) as seen, n.rolled
        from ${terminals} join (${zones}) z on z.terminal_id = ${terminals.terminalId}
        left join lateral (select r.last_ts, r.seen_ts, true as rolled from heartbeat_rollup r where r.terminal_id = ${terminals.terminalId} and r.grain = 'd' and r.samples > 0
          order by r.bucket desc limit 1) n on true
        where ${scope}
      ),
      s as (select *, coalesce(cut, seen, d0) as c from s0 where (seen is not null or rolled is null) and coalesce(cut, seen, d0) < d1),
      -- offset 0: an index probe per terminal of s; pulled up, the join read every stored reading (a hash join over all partitions).
      readings as (
        select s.terminal_id, x.ts, x.e, x.p, (s.seen is null or x.ts > s.seen) and x.ts >= s.d0 as fresh from s cross join lateral (
          select h.ts, h.energy_kwh as e, ${power} as p from heartbeat h where h.terminal_id = s.terminal_id and h.ts >= s.c and h.ts < s.d1
          offset 0) x
        union all
        select s.terminal_id, b.ts, b.e, null, false from s cross join lateral (select h.ts, h.energy_kwh as e from heartbeat h
          where h.terminal_id = s.terminal_id and h.energy_kwh is not null and h.ts < s.c and h.ts >= s.c - ${METER_GAP} order by h.ts desc limit 1) b
        where s.cut is null
        union all
        select s.terminal_id, n.ts, n.e, null, false from s cross join lateral (select h.ts, h.energy_kwh as e from heartbeat h
          where h.terminal_id = s.terminal_id and h.energy_kwh is not null and h.ts >= s.d1 and h.ts < s.d1 + ${METER_GAP} order by h.ts limit 1) n
      ),
      energy as (${energyPerDay(sql`
        select m.*, greatest(s.c, s.d0) as lo, s.d1 as hi, s.tz from (${meterRises(sql`select terminal_id, ts, e from readings where e is not null`)}) m
        join s on s.terminal_id = m.terminal_id`, sql`g.tz`)}),
      heard as (
        select x.terminal_id, date_trunc('day', x.ts at time zone s.tz) as day, sum(x.p) as psum, max(x.p) as pmax, count(*)::int as n
        from readings x join s on s.terminal_id = x.terminal_id where x.fresh group by 1, 2
      ),
      tail as (
        select coalesce(e.terminal_id, p.terminal_id) as terminal_id, coalesce(e.day, p.day) as day, coalesce(e.kwh, 0) as kwh,
          coalesce(p.psum, 0) as psum, p.pmax, coalesce(p.n, 0) as n
        from energy e full join heard p on p.terminal_id = e.terminal_id and p.day = e.day
      )
      select to_char(t.day, 'YYYY-MM-DD') as day, t.kwh::float8 as kwh, t.psum::float8 as psum, t.pmax::float8 as pmax, t.n,
        coalesce(r.samples, 0)::int as "rolledSamples", r.power_avg::float8 as "rolledAvg", r.power_max::float8 as "rolledMax"
      from tail t join s on s.terminal_id = t.terminal_id
      left join heartbeat_rollup r on r.terminal_id = t.terminal_id and r.grain = 'd' and r.bucket = t.day at time zone s.tz
      where t.day::date between ${day} and ${dayTo}`);
    return rowsOf<TailDay>(result);
  }

  /**
   * Power and readings per day from the raw rows; energy by the meter model (energy/meter-energy-domain.ts) over the same
   * rows. Each terminal's range is `from`..`to` as local times of `tz` read in the terminal's zone, and its days its zone's.
   */
  private async statisticsFromRows(principal: Principal, filter: RecordFilter & { from: Date; to: Date }, tz: string): Promise<HeartStatisticsDay[]> {
    // Every terminal's range lies within a day of the one asked for.
    const wide = { ...filter, from: new Date(filter.from.getTime() - DAY_MS), to: new Date(filter.to.getTime() + DAY_MS) };
    const where = recordWhere(principal, wide, cols);
    const joined = sql`${heartbeats} inner join ${terminals} on ${terminals.terminalId} = ${heartbeats.terminalId}`;
    const zones = terminalZonesSql(this.rollupTimeZone, filter.terminalId ? sql`t.terminal_id = ${filter.terminalId}` : sql`true`);
    const inRange = sql`${heartbeats.ts} >= rg.lo and ${heartbeats.ts} <= rg.hi`;
    const inside = sql`select ${heartbeats.terminalId} as terminal_id, ${heartbeats.ts} as ts, ${heartbeats.energyKwh} as e from ${joined} where ${where} and ${heartbeats.energyKwh} is not null`;
    const result = await this.db.execute(sql`
      with rg as (
        select z.terminal_id, z.tz, ((${filter.from}::timestamptz at time zone ${tz}) at time zone z.tz) as lo, ((${filter.to}::timestamptz at time zone ${tz}) at time zone z.tz) as hi
        from (${zones}) z
      ),
      per_terminal as (
        select ${heartbeats.terminalId} as terminal_id, date_trunc('day', ${heartbeats.ts} at time zone rg.tz) as day,
          avg(${totalPower}) as avg_power, max(${totalPower}) as max_power, count(*) as samples
        from ${joined} join rg on rg.terminal_id = ${heartbeats.terminalId} where ${where} and ${inRange}
        group by 1, 2
      ),
      readings as (
        select day, sum(avg_power) as avg_power, sum(max_power) as max_power, count(*)::int as terminals, sum(samples)::int as samples from per_terminal group by day
      ),
      energy as (select day, sum(kwh) as kwh from (${energyPerDay(sql`
        select m.terminal_id, m.t0, m.t1, m.inc, rg.lo, rg.hi, rg.tz from (${meterRises(withNeighbours(inside, wide.from, wide.to))}) m join rg on rg.terminal_id = m.terminal_id`, sql`g.tz`)}) e group by day)
      select to_char(coalesce(r.day, e.day), 'YYYY-MM-DD') as day, ${rounded(sql`e.kwh`)} as "energyKwh",
        ${rounded(sql`r.avg_power`)} as "avgPowerKw", ${rounded(sql`r.max_power`)} as "maxPowerKw",
        coalesce(r.terminals, 0)::int as terminals, coalesce(r.samples, 0)::int as samples
      from readings r full join energy e on e.day = r.day
      order by 1`);
    return rowsOf<HeartStatisticsDay>(result);
  }
}

/** A terminal's local day's figures not rolled up yet, and that day's rollup as it is (`rolledSamples` 0: none). */
interface TailDay {
  day: string;
  kwh: number;
  psum: number;
  pmax: number | null;
  n: number;
  rolledSamples: number;
  rolledAvg: number | null;
  rolledMax: number | null;
}

/** What the tails of one local day add to that day's rollups, all terminals together. */
interface TailDelta {
  day: string;
  energyKwh: number;
  avgPowerKw: number;
  maxPowerKw: number;
  samples: number;
  /** Terminals with readings that day but no rollup of it yet. */
  terminals: number;
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/**
 * Each terminal's tail as the change it makes to its day: its energy, its readings, and the change its readings make
 * to that terminal's day's mean and peak power (and to the count of terminals heard that day), summed per day.
 */
function tailByDay(tail: TailDay[]): TailDelta[] {
  const byDay = new Map<string, TailDelta>();
  for (const t of tail) {
    const d = byDay.get(t.day) ?? { day: t.day, energyKwh: 0, avgPowerKw: 0, maxPowerKw: 0, samples: 0, terminals: 0 };
    byDay.set(t.day, d);
    d.energyKwh += Number(t.kwh);
    if (t.n === 0) continue;
    const rolledAvg = Number(t.rolledAvg ?? 0);
    const rolledMax = Number(t.rolledMax ?? 0);
    const avg = (rolledAvg * t.rolledSamples + Number(t.psum)) / (t.rolledSamples + t.n);
    d.avgPowerKw += avg - (t.rolledSamples > 0 ? rolledAvg : 0);
    d.maxPowerKw += Math.max(t.rolledSamples > 0 ? rolledMax : -Infinity, Number(t.pmax ?? 0)) - (t.rolledSamples > 0 ? rolledMax : 0);
    d.samples += t.n;
    if (t.rolledSamples === 0) d.terminals += 1;
  }
  return [...byDay.values()];
}

/** Days from the rollups (unrounded; a department's days sum its terminals') with their tails added, rounded as the raw rows' statistics are. */
function withTail(days: HeartStatisticsDay[], tail: TailDelta[]): HeartStatisticsDay[] {
  const byDay = new Map(days.map((d) => [d.day, { ...d, energyKwh: Number(d.energyKwh), avgPowerKw: Number(d.avgPowerKw), maxPowerKw: Number(d.maxPowerKw) }]));
  for (const t of tail) {
    const d = byDay.get(t.day) ?? { day: t.day, energyKwh: 0, avgPowerKw: 0, maxPowerKw: 0, terminals: 0, samples: 0 };
    byDay.set(t.day, d);
    d.energyKwh += t.energyKwh;
    d.avgPowerKw += t.avgPowerKw;
    d.maxPowerKw += t.maxPowerKw;
    d.samples = Number(d.samples) + t.samples;
    d.terminals = Number(d.terminals) + t.terminals;
  }
  return [...byDay.values()]
    .sort((a, b) => a.day.localeCompare(b.day))
    .map((d) => ({ ...d, energyKwh: round3(d.energyKwh), avgPowerKw: round3(d.avgPowerKw), maxPowerKw: round3(d.maxPowerKw) }));
}

/** Who sees which terminals, which family, which local dates (`tz` is checked by the query's schema) and which rollup run the fleet's statistics are for. */
function statisticsKey(principal: Principal, filter: RecordFilter & { from: Date; to: Date }, tz: string, unrolledSince?: Date): string {
  return [dataScopeKey(principal), filter.family ?? '', zonedDate(filter.from.getTime(), tz), zonedDate(filter.to.getTime(), tz), tz, unrolledSince?.toISOString() ?? ''].join('/');
}
