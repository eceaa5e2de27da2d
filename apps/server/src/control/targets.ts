import { sql, type SQL } from 'drizzle-orm';
import { TerminalStatus } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { controlSets, terminals } from '../db/schema/index.js';
import { idArray, rowsOf } from '../db/sql-rows.js';
import { dataScopeFilter } from '../system/access/data-scope.js';
import type { Principal } from '../system/access/principal.js';
import { missing } from './control-errors.js';

export interface TargetTerminal {
  terminalId: number;
  name: string;
  family: string;
  model: number;
}

/** A PostgreSQL int[] literal: one parameter however many ids (a plan may name 100,000 terminals). */
export const intArray = (ids: number[]) => sql`${idArray(ids)}::int[]`;

/** The terminals a document's targets name: the terminals themselves (group mode 1) or the members of its area sets (2). */
export function targetTerminalIds(groupMode: SQL | number, targetIds: SQL): SQL {
  return sql`(select unnest(${targetIds}) where ${groupMode} = 1
    union select st.terminal_id from control_set_terminal st where ${groupMode} = 2 and st.set_id = any(${targetIds}))`;
}

/** Turns plan and emergency targets into terminals, within the caller's data scope. */
export class TargetResolver {
  constructor(private readonly db: Db) {}

  /**
   * The terminals in scope (not scrapped) the targets name. A target id that is missing or out of
   * scope is refused by name, as a missing one; so is a target list that leaves no terminal.
   */
  async resolve(p: Principal, groupMode: number, targetIds: number[]): Promise<TargetTerminal[]> {
    const ids = [...new Set(targetIds)];
    const terminalScope = dataScopeFilter(p, { dept: terminals.deptId }) ?? sql`true`;
    if (groupMode === 1) {
      const found = rowsOf<{ id: number }>(await this.db.execute(sql`select terminal_id as id from terminal where terminal_id = any(${intArray(ids)}) and ${terminalScope}`));
      const have = new Set(found.map((r) => r.id));
      const absent = ids.filter((id) => !have.has(id));
      if (absent.length) throw missing('control.terminalsNotFound', absent.slice(0, 10));
    } else {
      const setScope = dataScopeFilter(p, { dept: controlSets.deptId }) ?? sql`true`;
      const found = rowsOf<{ id: number }>(await this.db.execute(sql`select id from control_set where kind = 'area' and id = any(${intArray(ids)}) and ${setScope}`));
      const have = new Set(found.map((r) => r.id));
      const absent = ids.filter((id) => !have.has(id));
      if (absent.length) throw missing('control.areasNotFound', absent.slice(0, 10));
    }
    return rowsOf<TargetTerminal>(
      await this.db.execute(sql`
        select terminal_id as "terminalId", name, family, model from terminal
        where terminal_id in ${targetTerminalIds(groupMode, intArray(ids))} and status <> ${TerminalStatus.scrapped} and ${terminalScope}
        order by terminal_id`),
    );
  }
}
