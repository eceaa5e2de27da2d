import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { departments } from '../db/schema/index.js';
import { dataScopeFilter } from '../system/access/data-scope.js';
import type { Principal } from '../system/access/principal.js';
import { missing } from './control-errors.js';

/** Whether a department a control document is filed under lies in the caller's data scope. */
export class DeptCheck {
  constructor(private readonly db: Db) {}

  async assert(p: Principal, deptId: number): Promise<void> {
    const [row] = await this.db
      .select({ id: departments.deptId })
      .from(departments)
      .where(and(eq(departments.deptId, deptId), dataScopeFilter(p, { dept: departments.deptId })));
    if (!row) throw missing('control.deptNotFound', deptId);
  }
}
