import { and, desc, eq, getTableColumns, gte, sql, type SQL } from 'drizzle-orm';
import type { DeviceRecordQuery } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { cappedCount, paginate, recentFirst } from '../../db/paging.js';
import { heartbeatRollupDepts, heartbeatRollups, heartbeats, terminals } from '../../db/schema/index.js';
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
  async statistics(principal: Principal, filter: RecordFilter, tz: string) {
    if (filter.from && filter.to && filter.to.getTime() - filter.from.getTime() > 2 * DAY_MS && tz === this.rollupTimeZone && !filter.sn) {
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
          energyKwh: rounded(sql`${heartbeatRollups.energyLast} - ${heartbeatRollups.energyFirst}`),
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

  private statisticsFromRows(principal: Principal, filter: RecordFilter, tz: string) {
    const perTerminal = this.db
      .select({
        day: sql`date_trunc('day', ${heartbeats.ts} at time zone ${tz})`.as('day'),
        energy: sql`max(${heartbeats.energyKwh}) - min(${heartbeats.energyKwh})`.as('energy'),
        avgPower: sql`avg(${totalPower})`.as('avg_power'),
        maxPower: sql`max(${totalPower})`.as('max_power'),
        samples: sql`count(*)`.as('samples'),
      })
      .from(heartbeats)
      .innerJoin(terminals, eq(terminals.terminalId, heartbeats.terminalId))
      .where(recordWhere(principal, filter, cols))
      // The day is grouped by its output name: the time-zone parameter makes the expression itself unmatchable.
      .groupBy(heartbeats.terminalId, sql`day`)
      .as('per_terminal');
    return this.db
      .select({
        day: sql<string>`to_char(${perTerminal.day}, 'YYYY-MM-DD')`,
        energyKwh: rounded(sql`sum(${perTerminal.energy})`),
        avgPowerKw: rounded(sql`sum(${perTerminal.avgPower})`),
        maxPowerKw: rounded(sql`sum(${perTerminal.maxPower})`),
        terminals: sql<number>`count(*)::int`,
        samples: sql<number>`sum(${perTerminal.samples})::int`,
      })
      .from(perTerminal)
      .groupBy(perTerminal.day)
      .orderBy(perTerminal.day);
  }
}
