import { and, desc, eq, getTableColumns, gte, sql, type SQL } from 'drizzle-orm';
import type { DeviceRecordQuery, HeartStatisticsDay } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { cappedCount, paginate, recentFirst } from '../../db/paging.js';
import { heartbeatRollupDepts, heartbeatRollups, heartbeats, terminals } from '../../db/schema/index.js';
import { rawEnergyPerDay } from '../../energy/meter-energy-domain.js';
import { rowsOf } from '../../gateway/sql-rows.js';
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
    /** The days of the daily rollups (ROLLUP_TIME_ZONE): statistics in that zone over more than two days read them. */
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
   * Per day, per terminal first (meter delta, mean and peak power), then summed over the terminals. A range
   * over two days in the rollups' time zone reads the daily rollups (fleet/rollups.ts) once they reach back
   * to its start: a few thousand rows instead of every reading of the month.
   */
  async statistics(principal: Principal, filter: RecordFilter & { from: Date; to: Date }, tz: string): Promise<HeartStatisticsDay[]> {
    if (filter.to.getTime() - filter.from.getTime() > 2 * DAY_MS && tz === this.rollupTimeZone && !filter.sn) {
      if (await this.rollupsReach(filter.from)) return this.statisticsFromRollups(principal, filter);
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

  private statisticsFromRollups(principal: Principal, filter: RecordFilter) {
    const day = sql`(${filter.from!}::timestamptz at time zone ${this.rollupTimeZone})::date`;
    const dayTo = sql`(${filter.to!}::timestamptz at time zone ${this.rollupTimeZone})::date`;
    if (filter.terminalId) {
      return this.db
        .select({
          day: sql<string>`to_char(${heartbeatRollups.bucket} at time zone ${this.rollupTimeZone}, 'YYYY-MM-DD')`,
          energyKwh: rounded(heartbeatRollups.energyUsed),
          avgPowerKw: rounded(heartbeatRollups.powerAvg),
          maxPowerKw: rounded(heartbeatRollups.powerMax),
          terminals: sql<number>`1`,
          samples: heartbeatRollups.samples,
        })
        .from(heartbeatRollups)
        .innerJoin(terminals, eq(terminals.terminalId, heartbeatRollups.terminalId))
        .where(and(
          eq(heartbeatRollups.terminalId, filter.terminalId), eq(heartbeatRollups.grain, 'd'),
          filter.family ? eq(terminals.family, filter.family) : undefined,
          dataScopeFilter(principal, { dept: terminals.deptId }),
          sql`(${heartbeatRollups.bucket} at time zone ${this.rollupTimeZone})::date between ${day} and ${dayTo}`,
        ))
        .orderBy(heartbeatRollups.bucket);
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

  /** Power and readings per day from the raw rows; energy by the meter model (energy/meter-energy-domain.ts) over the same rows. */
  private async statisticsFromRows(principal: Principal, filter: RecordFilter & { from: Date; to: Date }, tz: string): Promise<HeartStatisticsDay[]> {
    const where = recordWhere(principal, filter, cols);
    const joined = sql`${heartbeats} inner join ${terminals} on ${terminals.terminalId} = ${heartbeats.terminalId}`;
    const inside = sql`select ${heartbeats.terminalId} as terminal_id, ${heartbeats.ts} as ts, ${heartbeats.energyKwh} as e from ${joined} where ${where} and ${heartbeats.energyKwh} is not null`;
    const result = await this.db.execute(sql`
      with per_terminal as (
        select ${heartbeats.terminalId} as terminal_id, date_trunc('day', ${heartbeats.ts} at time zone ${tz}) as day,
          avg(${totalPower}) as avg_power, max(${totalPower}) as max_power, count(*) as samples
        from ${joined} where ${where}
        group by 1, 2
      ),
      readings as (
        select day, sum(avg_power) as avg_power, sum(max_power) as max_power, count(*)::int as terminals, sum(samples)::int as samples from per_terminal group by day
      ),
      energy as (select day, sum(kwh) as kwh from (${rawEnergyPerDay(inside, filter.from, filter.to, tz)}) e group by day)
      select to_char(coalesce(r.day, e.day), 'YYYY-MM-DD') as day, ${rounded(sql`e.kwh`)} as "energyKwh",
        ${rounded(sql`r.avg_power`)} as "avgPowerKw", ${rounded(sql`r.max_power`)} as "maxPowerKw",
        coalesce(r.terminals, 0)::int as terminals, coalesce(r.samples, 0)::int as samples
      from readings r full join energy e on e.day = r.day
      order by 1`);
    return rowsOf<HeartStatisticsDay>(result);
  }
}
