import { and, desc, eq, getTableColumns, gte, sql, type SQL } from 'drizzle-orm';
import type { DeviceRecordQuery, HeartStatisticsDay } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { cappedCount, paginate, recentFirst } from '../../db/paging.js';
import { heartbeatRollupDepts, heartbeats, terminals } from '../../db/schema/index.js';
import { energyPerDay, meterRises, withNeighbours } from '../../energy/meter-energy-domain.js';
import { terminalZonesSql } from '../../fleet/terminal-days-domain.js';
import { rowsOf } from '../../db/sql-rows.js';
import { dataScopeFilter } from '../../system/access/data-scope.js';
import type { Principal } from '../../system/access/principal.js';
import { recordWhere, terminalRef, type RecordFilter } from '../logs/records.js';

const DAY_MS = 86_400_000;
const cols = { terminalId: heartbeats.terminalId, time: heartbeats.ts };
const totalPower = sql`coalesce(${heartbeats.powerA}, 0) + coalesce(${heartbeats.powerB}, 0) + coalesce(${heartbeats.powerC}, 0)`;
const rounded = (expr: unknown) => sql<number>`coalesce(round((${expr})::numeric, 3), 0)::float8`;

export class HeartbeatRepository {
  constructor(
    private readonly db: Db,
    /** The zone of the days of terminals with no zone of their own, their department's or at their position (ROLLUP_TIME_ZONE). */
    private readonly rollupTimeZone = 'Asia/Shanghai',
  ) {}

  private select() {
    return this.db
      .select({ ...getTableColumns(heartbeats), ...terminalRef })
      .from(heartbeats)
      .innerJoin(terminals, eq(terminals.terminalId, heartbeats.terminalId))
      .$dynamic();
  }

  page(principal: Principal, q: DeviceRecordQuery) {
    const where = recordWhere(principal, q, cols);
    const rows = (w: SQL | undefined, limit: number, offset: number) =>
      this.select().where(w).orderBy(desc(heartbeats.ts), desc(heartbeats.id)).limit(limit).offset(offset);
    return paginate(
      q,
      (limit, offset) => recentFirst(limit, !!q.from, (since) => rows(and(where, since && gte(heartbeats.ts, since)), limit, offset)),
      () => cappedCount(this.db, this.db.select({ one: sql`1` }).from(heartbeats).innerJoin(terminals, eq(terminals.terminalId, heartbeats.terminalId)).where(where), { countFirst: !!q.terminalId }),
    );
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
      if (await this.rollupsReach(filter.from)) return this.statisticsFromRollups(principal, filter, tz);
    }
    return this.statisticsFromRows(principal, filter, tz);
  }

  /** Whether the daily rollups start no later than the range, or than the oldest stored reading (or no reading is left). */
  private async rollupsReach(from: Date): Promise<boolean> {
    const result = await this.db.execute(sql`
      select (select min(day) from heartbeat_rollup_dept) as first,
        ((select min(ts) from heartbeat) at time zone ${this.rollupTimeZone})::date as oldest`);
    const row = (result as unknown as { rows: Array<{ first: string | Date | null; oldest: string | Date | null }> }).rows[0];
    if (!row?.first) return false;
    const first = new Date(row.first).getTime();
    return first <= from.getTime() || row.oldest === null || first <= new Date(row.oldest).getTime();
  }

  private async statisticsFromRollups(principal: Principal, filter: RecordFilter & { from: Date; to: Date }, tz: string): Promise<HeartStatisticsDay[]> {
    const day = sql`(${filter.from}::timestamptz at time zone ${tz})::date`;
    const dayTo = sql`(${filter.to}::timestamptz at time zone ${tz})::date`;
    if (filter.terminalId) {
      const zones = terminalZonesSql(this.rollupTimeZone, sql`t.terminal_id = ${filter.terminalId}`);
      const result = await this.db.execute(sql`
        select to_char(r.bucket at time zone z.tz, 'YYYY-MM-DD') as day, ${rounded(sql`r.energy_used`)} as "energyKwh",
          ${rounded(sql`r.power_avg`)} as "avgPowerKw", ${rounded(sql`r.power_max`)} as "maxPowerKw", 1 as terminals, r.samples
        from heartbeat_rollup r join (${zones}) z on z.terminal_id = r.terminal_id join ${terminals} on ${terminals.terminalId} = r.terminal_id
        where r.terminal_id = ${filter.terminalId} and r.grain = 'd' and ${and(filter.family ? eq(terminals.family, filter.family) : undefined, dataScopeFilter(principal, { dept: terminals.deptId })) ?? sql`true`}
          and (r.bucket at time zone z.tz)::date between ${day} and ${dayTo}
        order by r.bucket`);
      return rowsOf<HeartStatisticsDay>(result);
    }
    const r = heartbeatRollupDepts;
    return this.db
      .select({
        day: sql<string>`to_char(${r.day}, 'YYYY-MM-DD')`,
        energyKwh: rounded(sql`sum(${r.energyKwh})`),
        avgPowerKw: rounded(sql`sum(${r.avgPowerKw})`),
        maxPowerKw: rounded(sql`sum(${r.maxPowerKw})`),
        terminals: sql<number>`sum(${r.terminals})::int`,
        samples: sql<number>`sum(${r.samples})::int`,
      })
      .from(r)
      .where(and(
        filter.family ? eq(r.family, filter.family) : undefined,
        dataScopeFilter(principal, { dept: r.deptId }),
        sql`${r.day} between ${day} and ${dayTo}`,
      ))
      .groupBy(r.day)
      .orderBy(r.day);
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
