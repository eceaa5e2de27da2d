import { and, asc, eq, ne } from 'drizzle-orm';
import { TerminalStatus, type DeviceFamily } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { terminals } from '../../db/schema/index.js';
import { dataScopeFilter } from '../../system/access/data-scope.js';
import type { Principal } from '../../system/access/principal.js';

const scope = (principal: Principal) => dataScopeFilter(principal, { dept: terminals.deptId });

/** Terminals as a command sender sees them: only those in the caller's data scope. */
export class ScopedTerminalRepository {
  constructor(private readonly db: Db) {}

  async find(principal: Principal, terminalId: number) {
    const [row] = await this.db
      .select({ terminalId: terminals.terminalId, family: terminals.family, status: terminals.status })
      .from(terminals)
      .where(and(eq(terminals.terminalId, terminalId), scope(principal)));
    return row as { terminalId: number; family: DeviceFamily; status: number } | undefined;
  }

  /** Every terminal in scope that can still take commands (not scrapped). */
  async commandable(principal: Principal, family?: DeviceFamily): Promise<number[]> {
    const rows = await this.db
      .select({ id: terminals.terminalId })
      .from(terminals)
      .where(and(scope(principal), ne(terminals.status, TerminalStatus.scrapped), family ? eq(terminals.family, family) : undefined))
      .orderBy(asc(terminals.terminalId));
    return rows.map((r) => r.id);
  }
}
