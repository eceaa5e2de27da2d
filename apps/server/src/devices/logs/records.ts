import { and, eq, gte, ilike, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DeviceFamily, DeviceRecordQuery, PageQuery, PageResult } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { cappedShapeCount, contains, paginate, recentFirst } from '../../db/paging.js';
import { preparedShapePage, timeInText, type Preparable, type PreparedShapes } from '../../db/prepared.js';
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

export type RecordShape = ReturnType<typeof recordShape>;

/** A record list kept per shape: its page's query and the rows it counts, each for a WHERE. */
export interface ShapedRecords<T> {
  /** Filtered by `where`, newest first, `.limit(limit).offset(sql.placeholder('offset'))`: the LIMIT is written into the text. */
  page: (where: SQL | undefined, limit: number) => Preparable<T[]>;
  counted: (where: SQL | undefined) => SQLWrapper;
  /** The column the recent windows start on (db/paging.ts, `recentFirst`). */
  time: PgColumn;
}

/**
 * A newest-first page of a record list and its capped count, both kept per shape (db/prepared.ts): `shape` holds the
 * filters as placeholders, `plain` builds the same WHERE with its values (only when the planner's estimate is asked), and
 * `name` tells this list's shapes from the repository's others. Each recent window's start is in its statement's text,
 * so the generic plan PostgreSQL keeps prunes the older day partitions; as a parameter it kept none and planned every
 * call (0.8 ms, 0.1 to run). `countFirst`: counted (capped) before asking the planner, for one terminal's records.
 */
export function shapedRecordPage<T>(
  db: Db,
  shapes: PreparedShapes,
  name: string,
  q: PageQuery & { from?: Date },
  shape: Pick<RecordShape, 'key' | 'where' | 'values'>,
  plain: () => SQL | undefined,
  records: ShapedRecords<T>,
  countFirst = false,
): Promise<PageResult<T>> {
  const key = `${name}|${shape.key}`;
  const rows = (since: Date | undefined, limit: number, offset: number) =>
    preparedShapePage(shapes, `${key}|since ${since?.toISOString() ?? ''}`, limit, (inText) =>
      records.page(and(shape.where, since && sql`${records.time} >= ${timeInText(since)}`), inText), { ...shape.values, offset });
  return paginate(
    q,
    (limit, offset) => recentFirst(limit, !!q.from, (since) => rows(since, limit, offset)),
    () => cappedShapeCount(db, shapes, { key, values: shape.values }, () => records.counted(shape.where), () => records.counted(plain()), { countFirst }),
  );
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
