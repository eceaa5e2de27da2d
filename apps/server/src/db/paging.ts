import { sql, type SQLWrapper } from 'drizzle-orm';
import type { PageQuery, PageResult } from '@sl/contracts';
import { BriefCache } from './brief-cache.js';
import type { Db } from './client.js';
import { rowCountInText, type PreparedShapes } from './prepared.js';

/** Runs a page query and its count together and wraps them in the go-admin page shape. */
export async function paginate<T>(
  page: PageQuery,
  rows: (limit: number, offset: number) => Promise<T[]>,
  total: () => Promise<number>,
): Promise<PageResult<T>> {
  const [list, count] = await Promise.all([rows(page.pageSize, (page.pageIndex - 1) * page.pageSize), total()]);
  return { list, count, pageIndex: page.pageIndex, pageSize: page.pageSize };
}

/** `%value%` for ILIKE with the wildcard characters of the value escaped. */
export const contains = (value: string) => `%${value.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

/** Above this many rows (the planner's estimate) a list answers the estimate instead of counting (issue 17, docs/capacity.md). */
export const EXACT_COUNT_LIMIT = 20_000;

const planRows = async (db: Db, rows: SQLWrapper) => {
  const explained = await db.execute(sql`explain (format json) ${rows}`);
  const cell = Object.values((explained as unknown as { rows: Array<Record<string, unknown>> }).rows[0])[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan: { 'Plan Rows': number } }>;
  return Math.round(plan[0].Plan['Plan Rows']);
};

/** A count of at least this many rows is kept for COUNT_CACHE_MS per query (docs/fleet.md, "Read paths"). */
export const CACHED_COUNT_FLOOR = 1_000;
export const COUNT_CACHE_MS = 10_000;

/** A count query the cache can key: Drizzle's select builders render their SQL and parameters. */
type CountedRows = SQLWrapper & { toSQL(): { sql: string; params: unknown[] } };

const countCaches = new WeakMap<Db, BriefCache<string, number>>();
const countCacheOf = (db: Db) => {
  let cache = countCaches.get(db);
  if (!cache) countCaches.set(db, (cache = new BriefCache(COUNT_CACHE_MS)));
  return cache;
};

/** Forgets the cached counts of `db`: called after every changing API call of this instance. */
export const forgetCounts = (db: Db) => countCaches.get(db)?.forget();

/**
 * The number of rows `rows` selects without scanning millions of them: the planner's estimate first;
 * when that is at most `limit`, an exact count (capped at `limit` + 1 rows, so a wrong estimate costs
 * little); above it, the estimate. A list of ten million readings answers its count in milliseconds.
 * Counts of CACHED_COUNT_FLOOR rows or more are kept for COUNT_CACHE_MS per query and parameters, so a
 * busy list pays neither the planning over every partition nor the capped count on each page; smaller
 * counts are exact at every call.
 */
export async function cappedCount(db: Db, rows: CountedRows, { limit }: Pick<CountOptions, 'limit'> = {}): Promise<number> {
  const exact = async (cap: number) => Number((await db.execute(sql`select count(*)::int as n from (${rows} limit ${rowCountInText(cap)}) c`) as unknown as { rows: Array<{ n: number }> }).rows[0].n);
  return countCacheOf(db).get(countKey(rows), () => countRows(() => planRows(db, rows), exact, { limit }), (n) => n >= CACHED_COUNT_FLOOR);
}

/**
 * `cappedCount` of a statement kept per shape (`PreparedShapes`), its capped count prepared: `rows` is built with the
 * shape's placeholders and `values` fill them, so a call renders no SQL but to ask the planner for its estimate of
 * `plain` (the same rows with their values in place), which a count of many rows keeps (CACHED_COUNT_FLOOR).
 */
export async function cappedShapeCount(
  db: Db,
  shapes: PreparedShapes,
  shape: { key: string; values: Record<string, unknown> },
  rows: () => SQLWrapper,
  plain: () => SQLWrapper,
  opts: CountOptions = {},
): Promise<number> {
  // The cap in the text, not a parameter: the count keeps its generic plan (db/prepared.ts, preparedPage).
  const exact = async (cap: number) =>
    Number((await shapes.run(`count|${shape.key}|cap ${cap}`, () => db.select({ n: sql<number>`count(*)::int` }).from(sql`(${rows()} limit ${rowCountInText(cap)}) c`), shape.values))[0].n);
  return countCacheOf(db).get(`shape ${shapes.id}|${shape.key}\u0000${JSON.stringify(shape.values)}`, () => countRows(() => planRows(db, plain()), exact, opts), (n) => n >= CACHED_COUNT_FLOOR);
}

const countKey = (rows: CountedRows) => {
  const { sql: text, params } = rows.toSQL();
  return `${text}\u0000${JSON.stringify(params)}`;
};

/** The count `cappedCount` keeps for `rows`, without counting; undefined when none is kept. */
export const keptCount = (db: Db, rows: CountedRows): number | undefined => countCacheOf(db).peek(countKey(rows));

/** An exact count of `rows` found another way (with the page's ids): kept as `cappedCount` would keep it. */
export const keepCount = (db: Db, rows: CountedRows, n: number) => countCacheOf(db).get(countKey(rows), async () => n, (kept) => kept >= CACHED_COUNT_FLOOR);

export interface CountOptions {
  /** Above this many rows (the estimate) the estimate is the answer. */
  limit?: number;
  /**
   * Count (capped) before asking the planner: for a query that an index bounds to a few rows, such as one
   * terminal's readings, this saves planning the query twice over every partition.
   */
  countFirst?: boolean;
}

/** The steps of a capped count: the planner's `estimate` first (unless `countFirst`), then an `exact` count capped at `limit` + 1 rows. */
async function countRows(estimate: () => Promise<number>, exact: (cap: number) => Promise<number>, { limit = EXACT_COUNT_LIMIT, countFirst = false }: CountOptions): Promise<number> {
  const first = countFirst ? 0 : await estimate();
  if (first > limit) return first;
  const n = await exact(limit + 1);
  if (n <= limit) return n;
  return Math.max(limit + 1, countFirst ? await estimate() : first);
}

const DAY_MS = 86_400_000;
/** The window a newest-first list over a partitioned table tries before all of it. */
export const RECENT_WINDOW_MS = DAY_MS;
/** The windows tried in turn: a day, then a week (a quiet terminal's own readings), then everything. */
const RECENT_WINDOWS_MS = [RECENT_WINDOW_MS, 7 * RECENT_WINDOW_MS];

/**
 * A newest-first page of a day-partitioned table: without a start time it first asks for rows since
 * `RECENT_WINDOW_MS` ago (the planner prunes every older partition, so page 1 never plans a year of
 * them), then the last week, and runs over every partition only when those windows hold too few rows
 * for the page. Each window starts at midnight UTC, a partition's bound, so its start changes once a day
 * and a prepared page can carry it in its text (`timeInText`); any start is right, as a window is used
 * only when it holds the whole page.
 */
export async function recentFirst<T>(limit: number, hasStart: boolean, rows: (since?: Date) => Promise<T[]>, now = Date.now()): Promise<T[]> {
  if (hasStart) return rows();
  for (const window of RECENT_WINDOWS_MS) {
    const recent = await rows(new Date(Math.floor((now - window) / DAY_MS) * DAY_MS));
    if (recent.length === limit) return recent;
  }
  return rows();
}
