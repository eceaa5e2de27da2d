import { and, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DeviceFamily, DeviceRecordQuery } from '@sl/contracts';
import { contains } from '../../db/paging.js';
import { terminals } from '../../db/schema/index.js';
import { dataScopeFilter } from '../../system/access/data-scope.js';
import type { Principal } from '../../system/access/principal.js';

export type RecordFilter = Partial<Pick<DeviceRecordQuery, 'terminalId' | 'sn' | 'family' | 'from' | 'to'>>;

/**
 * The WHERE of a per-terminal record list (the query must join `terminal`): the terminal's department
 * in the caller's data scope, and the filters every record list shares.
 */
export function recordWhere(principal: Principal, q: RecordFilter, cols: { terminalId: PgColumn; time: PgColumn }, ...extra: Array<SQL | undefined>) {
  return and(
    dataScopeFilter(principal, { dept: terminals.deptId }),
    q.terminalId ? eq(cols.terminalId, q.terminalId) : undefined,
    q.sn ? ilike(terminals.sn, contains(q.sn)) : undefined,
    q.family ? eq(terminals.family, q.family) : undefined,
    q.from ? gte(cols.time, q.from) : undefined,
    q.to ? lte(cols.time, q.to) : undefined,
    ...extra,
  );
}

/** The terminal columns every record row carries. */
export const terminalRef = {
  terminalId: terminals.terminalId,
  terminalName: terminals.name,
  sn: terminals.sn,
  family: sql<DeviceFamily>`${terminals.family}`,
};

type Iso<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

/** The row with its timestamps as ISO strings, as the contracts describe them. */
export function withIsoDates<T extends object>(row: T): Iso<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out as Iso<T>;
}
