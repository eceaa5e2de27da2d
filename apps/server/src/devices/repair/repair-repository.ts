import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PageQuery } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { contains, paginate } from '../../db/paging.js';
import { terminalRepairs, terminals, users } from '../../db/schema/index.js';
import { dataScopeFilter } from '../../system/access/data-scope.js';
import type { Principal } from '../../system/access/principal.js';
import type { TerminalAdminRepository } from '../terminal/terminal-admin-repository.js';

const failed = alias(terminals, 'failed');
const spare = alias(terminals, 'spare');

const columns = {
  id: terminalRepairs.id,
  terminalId: terminalRepairs.terminalId,
  sn: failed.sn,
  name: failed.name,
  replacementId: terminalRepairs.replacementId,
  replacementSn: sql<string>`coalesce(${spare.sn}, '')`,
  replacementName: sql<string>`coalesce(${spare.name}, '')`,
  reason: terminalRepairs.reason,
  userId: terminalRepairs.userId,
  userName: sql<string>`coalesce(${users.nickName}, '')`,
  createdAt: terminalRepairs.createdAt,
};

/** Repair records, seen through the failed terminal's department. */
export class RepairRepository {
  constructor(
    private readonly db: Db,
    /** The terminal table's owner: the swap writes terminals through it. */
    private readonly terminals: TerminalAdminRepository,
  ) {}

  /** One transaction over repairs and the terminals they swap. */
  transaction<T>(fn: (repo: RepairRepository, terminals: TerminalAdminRepository) => Promise<T>): Promise<T> {
    return this.terminals.transaction((terminals, tx) => fn(new RepairRepository(tx, terminals), terminals));
  }

  page(p: Principal, q: PageQuery & { keyword?: string; terminalId?: number }) {
    const k = q.keyword ? contains(q.keyword) : undefined;
    const where = and(
      dataScopeFilter(p, { dept: failed.deptId }),
      k ? or(ilike(failed.sn, k), ilike(failed.name, k), ilike(spare.sn, k), ilike(spare.name, k)) : undefined,
      q.terminalId ? or(eq(terminalRepairs.terminalId, q.terminalId), eq(terminalRepairs.replacementId, q.terminalId)) : undefined,
    );
    return paginate(
      q,
      (limit, offset) =>
        this.db
          .select(columns)
          .from(terminalRepairs)
          .innerJoin(failed, eq(failed.terminalId, terminalRepairs.terminalId))
          .leftJoin(spare, eq(spare.terminalId, terminalRepairs.replacementId))
          .leftJoin(users, eq(users.userId, terminalRepairs.userId))
          .where(where)
          .orderBy(desc(terminalRepairs.createdAt), desc(terminalRepairs.id))
          .limit(limit)
          .offset(offset),
      async () =>
        (
          await this.db
            .select({ n: count() })
            .from(terminalRepairs)
            .innerJoin(failed, eq(failed.terminalId, terminalRepairs.terminalId))
            .leftJoin(spare, eq(spare.terminalId, terminalRepairs.replacementId))
            .where(where)
        )[0].n,
    );
  }

  async insert(row: typeof terminalRepairs.$inferInsert): Promise<number> {
    return (await this.db.insert(terminalRepairs).values(row).returning({ id: terminalRepairs.id }))[0].id;
  }
}
