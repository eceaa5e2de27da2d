import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { DeviceRecordQuery } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { paginate } from '../../db/paging.js';
import { heartbeats, terminals } from '../../db/schema/index.js';
import type { Principal } from '../../system/access/principal.js';
import { recordWhere, terminalRef, type RecordFilter } from '../logs/records.js';

const cols = { terminalId: heartbeats.terminalId, time: heartbeats.ts };
const totalPower = sql`coalesce(${heartbeats.powerA}, 0) + coalesce(${heartbeats.powerB}, 0) + coalesce(${heartbeats.powerC}, 0)`;
const rounded = (expr: unknown) => sql<number>`coalesce(round((${expr})::numeric, 3), 0)::float8`;

export class HeartbeatRepository {
  constructor(private readonly db: Db) {}

  private select() {
    return this.db
      .select({ ...getTableColumns(heartbeats), ...terminalRef })
      .from(heartbeats)
      .innerJoin(terminals, eq(terminals.terminalId, heartbeats.terminalId))
      .$dynamic();
  }

  page(principal: Principal, q: DeviceRecordQuery) {
    const where = recordWhere(principal, q, cols);
    return paginate(
      q,
      (limit, offset) => this.select().where(where).orderBy(desc(heartbeats.ts), desc(heartbeats.id)).limit(limit).offset(offset),
      async () => (await this.db.select({ n: count() }).from(heartbeats).innerJoin(terminals, eq(terminals.terminalId, heartbeats.terminalId)).where(where))[0].n,
    );
  }

  async find(principal: Principal, id: number, filter: RecordFilter = {}) {
    return (await this.select().where(and(eq(heartbeats.id, id), recordWhere(principal, filter, cols))))[0];
  }

  /** Per day, per terminal first (meter delta, mean and peak power), then summed over the terminals. */
  statistics(principal: Principal, filter: RecordFilter, tz: string) {
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
