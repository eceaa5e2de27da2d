import { and, eq, gte, ilike, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DeviceFamily, DeviceRecordQuery } from '@sl/contracts';
import { contains } from '../../db/paging.js';
import { terminals } from '../../db/schema/index.js';
import { dataScopeFilter, dataScopeKey } from '../../system/access/data-scope.js';
import type { Principal } from '../../system/access/principal.js';

export type RecordFilter = Partial<Pick<DeviceRecordQuery, 'terminalId' | 'sn' | 'family' | 'from' | 'to'>>;

/**
 * The WHERE of a per-terminal record list (the query must join `terminal`): the terminal's department
 * in the caller's data scope, and the filters every record list shares.
 */
export function recordWhere(principal: Principal, q: RecordFilter, cols: RecordColumns, ...extra: Array<SQL | undefined>) {
  return and(recordConditions(principal, q, cols, (_, value) => value), ...extra);
}

type RecordColumns = { terminalId: PgColumn; time: PgColumn };

/**
 * `recordWhere` with the filters' values as placeholders, for a statement kept per shape (db/prepared.ts,
 * `PreparedShapes`): `key` names the shape (the filters present and the caller's data scope, which stays in the SQL),
 * `values` fill it.
 */
export function recordShape(principal: Principal, q: RecordFilter, cols: RecordColumns) {
  const values: Record<string, unknown> = {};
  const where = recordConditions(principal, q, cols, (name, value) => {
    values[name] = value instanceof Date ? value.toISOString() : value; // as the column would send it
    return sql.placeholder(name);
  });
  return { where, values, key: `${dataScopeKey(principal)}|${Object.keys(values).join(',')}` };
}

function recordConditions(principal: Principal, q: RecordFilter, cols: RecordColumns, value: <T>(name: string, value: T) => T | SQLWrapper) {
  return and(
    dataScopeFilter(principal, { dept: terminals.deptId }),
    q.terminalId ? eq(cols.terminalId, value('terminalId', q.terminalId)) : undefined,
    q.sn ? ilike(terminals.sn, value('sn', contains(q.sn))) : undefined,
    q.family ? eq(terminals.family, value('family', q.family)) : undefined,
    q.from ? gte(cols.time, value('from', q.from)) : undefined,
    q.to ? lte(cols.time, value('to', q.to)) : undefined,
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
