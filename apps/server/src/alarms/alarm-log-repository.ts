import { and, count, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { AlarmLogQuery } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { paginate } from '../db/paging.js';
import { alarmLogs, alarms, terminals } from '../db/schema/index.js';
import { dataScopeFilter } from '../system/access/data-scope.js';
import type { Principal } from '../system/access/principal.js';

const scope = (p: Principal) => dataScopeFilter(p, { dept: alarms.deptId });

/** The alarm log: every status change, read within the alarm's department scope. */
export class AlarmLogRepository {
  constructor(private readonly db: Db) {}

  page(p: Principal, q: AlarmLogQuery) {
    const where = and(
      scope(p),
      q.alarmId ? eq(alarmLogs.alarmId, q.alarmId) : undefined,
      q.orderId ? eq(alarmLogs.orderId, q.orderId) : undefined,
      q.event ? eq(alarmLogs.event, q.event) : undefined,
      q.from ? gte(alarmLogs.at, q.from) : undefined,
      q.to ? lte(alarmLogs.at, q.to) : undefined,
    );
    return paginate(
      q,
      async (limit, offset) => {
        const { logId, alarmId, orderId, event, fromStatus, toStatus, note, userId, userName, at } = alarmLogs;
        return this.db
          .select({ logId, alarmId, orderId, event, fromStatus, toStatus, note, userId, userName, at, kind: alarms.kind, terminalName: terminals.name })
          .from(alarmLogs)
          .innerJoin(alarms, eq(alarms.alarmId, alarmLogs.alarmId))
          .innerJoin(terminals, eq(terminals.terminalId, alarms.terminalId))
          .where(where)
          .orderBy(desc(alarmLogs.at), desc(alarmLogs.logId))
          .limit(limit)
          .offset(offset);
      },
      async () => (await this.db.select({ n: count() }).from(alarmLogs).innerJoin(alarms, eq(alarms.alarmId, alarmLogs.alarmId)).where(where))[0].n,
    );
  }

  /** The ids among `logIds` whose alarm is in scope. */
  async visible(p: Principal, logIds: number[]): Promise<number[]> {
    const rows = await this.db.select({ id: alarmLogs.logId }).from(alarmLogs).innerJoin(alarms, eq(alarms.alarmId, alarmLogs.alarmId)).where(and(scope(p), inArray(alarmLogs.logId, logIds)));
    return rows.map((r) => r.id);
  }

  async remove(logIds: number[]): Promise<number> {
    return (await this.db.delete(alarmLogs).where(inArray(alarmLogs.logId, logIds)).returning({ id: alarmLogs.logId })).length;
  }
}
