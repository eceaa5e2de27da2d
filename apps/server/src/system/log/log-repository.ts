import { and, count, desc, eq, gte, ilike, inArray, lte, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contains, paginate } from '../../db/paging.js';
import { loginLogs, operLogs } from '../../db/schema/index.js';
import type { LogQuery } from '@sl/contracts';

export type OperLogEntry = Omit<typeof operLogs.$inferInsert, 'id' | 'operTime'>;

export class LogRepository {
  constructor(private readonly db: Db) {}

  async record(entry: OperLogEntry): Promise<void> {
    await this.db.insert(operLogs).values(entry);
  }

  operations(q: LogQuery) {
    const where = and(
      q.username ? ilike(operLogs.username, contains(q.username)) : undefined,
      q.title ? ilike(operLogs.title, contains(q.title)) : undefined,
      q.status === '2' ? eq(operLogs.resultCode, 200) : undefined,
      q.status === '1' ? ne(operLogs.resultCode, 200) : undefined,
      q.beginTime ? gte(operLogs.operTime, q.beginTime) : undefined,
      q.endTime ? lte(operLogs.operTime, q.endTime) : undefined,
    );
    return paginate(
      q,
      (limit, offset) => this.db.select().from(operLogs).where(where).orderBy(desc(operLogs.id)).limit(limit).offset(offset),
      async () => (await this.db.select({ n: count() }).from(operLogs).where(where))[0].n,
    );
  }

  logins(q: LogQuery) {
    const where = and(
      q.username ? ilike(loginLogs.username, contains(q.username)) : undefined,
      q.ipaddr ? ilike(loginLogs.ipaddr, contains(q.ipaddr)) : undefined,
      q.status ? eq(loginLogs.status, q.status) : undefined,
      q.beginTime ? gte(loginLogs.loginTime, q.beginTime) : undefined,
      q.endTime ? lte(loginLogs.loginTime, q.endTime) : undefined,
    );
    return paginate(
      q,
      (limit, offset) => this.db.select().from(loginLogs).where(where).orderBy(desc(loginLogs.id)).limit(limit).offset(offset),
      async () => (await this.db.select({ n: count() }).from(loginLogs).where(where))[0].n,
    );
  }

  async deleteOperations(ids: number[]): Promise<number> {
    return (await this.db.delete(operLogs).where(inArray(operLogs.id, ids)).returning({ id: operLogs.id })).length;
  }

  async deleteLogins(ids: number[]): Promise<number> {
    return (await this.db.delete(loginLogs).where(inArray(loginLogs.id, ids)).returning({ id: loginLogs.id })).length;
  }
}
