import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { compiledRows, isFlatSelection } from './compiled-rows.js';

/** A Drizzle select: it renders its SQL and prepares itself under a name; `_.config.fields` is what it selects. */
export interface Preparable<T> {
  prepare(name: string): Statement<T>;
  _?: { config?: { fields?: Record<string, unknown> } };
}

interface Statement<T> {
  execute(placeholderValues?: Record<string, unknown>): Promise<T>;
}

/** What drizzle's node-postgres statement holds once rendered (PGlite's has none of it and ignores names). */
interface NodePgStatement {
  queryString?: unknown;
  rawQueryConfig?: { name?: string };
  queryConfig?: { name?: string };
}

const names = new Map<string, string>();
const MAX_NAMES = 1_000;

/** `s_` and a hash of the SQL text: the same text always gets the same name (node-postgres refuses one name for two texts). */
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    if (names.size >= MAX_NAMES) names.clear();
    name = `s_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Runs `query` as a named prepared statement, named after its SQL text (its values stay parameters). PostgreSQL parses
 * it once per connection and, from the sixth run, keeps a generic plan when that is estimated no dearer than planning
 * each call. Over day partitions the generic plan prunes when it runs (`Subplans Removed` in EXPLAIN), so a 30-day range
 * no longer plans 31 partitions on every call (about 2 ms of planning against 0.3 ms to run it; docs/fleet.md, "Read
 * paths"). Only for SQL from a bounded set of shapes (values as parameters, never spliced into the text): each distinct
 * text stays prepared on every pooled connection. PGlite runs it as any other query.
 *
 * The query is rendered once: the statement drizzle prepares is named afterwards from the text it rendered (rendering a
 * terminal page's SQL a second time only to name it cost about a fifth of the server's CPU for the page). A flat
 * selection's rows are mapped by `compiledRows`.
 */
export function prepared<T>(query: Preparable<T>): Promise<T> {
  return named(query).execute();
}

/** The query rendered once and prepared under its text's name, its flat selection's rows mapped by `compiledRows`. */
function named<T>(query: Preparable<T>): Statement<T> {
  const statement = query.prepare('');
  const rendered = statement as NodePgStatement;
  if (typeof rendered.queryString === 'string' && rendered.rawQueryConfig && rendered.queryConfig) {
    rendered.rawQueryConfig.name = rendered.queryConfig.name = statementName(rendered.queryString);
  }
  const fields = query._?.config?.fields;
  if (fields && isFlatSelection(fields)) compiledRows(statement, fields);
  return statement;
}

const MAX_SHAPES = 500;
let shapesMade = 0;

/**
 * Prepared statements kept per shape: a query built once with `sql.placeholder`s where its values go, run with the
 * values of each call. `prepared` renders the query's SQL on every call, which for a page of one terminal's readings
 * and its count (three or four statements) was about a quarter of the server's CPU. The key names everything the built
 * query holds that is not a placeholder (which filters are present, the caller's data scope, a LIMIT written into the
 * text); the same key must always build the same SQL.
 */
export class PreparedShapes {
  /** Tells this repository's shapes from another's where both are kept by key (the counts in db/paging.ts). */
  readonly id = ++shapesMade;
  private readonly statements = new Map<string, Statement<unknown>>();

  run<T>(key: string, build: () => Preparable<T>, values: Record<string, unknown>): Promise<T> {
    let statement = this.statements.get(key) as Statement<T> | undefined;
    if (!statement) {
      if (this.statements.size >= MAX_SHAPES) this.statements.clear();
      statement = named(build());
      this.statements.set(key, statement);
    }
    return statement.execute(values);
  }
}

/** A row count written into a statement's text (a LIMIT that PostgreSQL can plan for, see `preparedPage`). */
export function rowCountInText(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${n} is not a row count`);
  return sql.raw(String(n));
}

/**
 * A time written into a statement's text: a prepared statement's generic plan prunes the day partitions before it by
 * it when planned, once, where a parameter leaves every partition in the plan (see `recentFirst`).
 */
export function timeInText(at: Date): SQL {
  if (Number.isNaN(at.getTime())) throw new Error('not a time');
  return sql.raw(`'${at.toISOString()}'::timestamptz`);
}

/** The row counts a prepared page is read with, written into its text: a page size is rounded up to one of them. */
const LIMIT_STEPS = [10, 20, 50, 100, 200, 500];

/**
 * A page of a prepared select read with its LIMIT written into the SQL text instead of sent as a parameter. With
 * `limit $n` PostgreSQL costs the generic plan as if a tenth of the table were asked, never keeps it and plans every
 * call again (0.5 ms for a 10-row heartbeat page over its day partitions, against 0.15 ms to run it); with the number
 * in the text it keeps the generic plan, which prunes the partitions when it runs. The size is rounded up to a step
 * and the rows cut back to it, so the texts stay few whatever sizes are asked (each stays prepared per connection).
 * `query` gets the LIMIT to pass to drizzle's `.limit()`, which renders an SQL chunk as it is.
 */
export async function preparedPage<T>(limit: number, query: (limit: number) => Preparable<T[]>): Promise<T[]> {
  const step = limitStep(limit);
  return cutTo(limit, await prepared(query(rowCountInText(step) as unknown as number)));
}

/** `preparedPage` for a shape of `PreparedShapes`: the step is part of the key. */
export async function preparedShapePage<T>(
  shapes: PreparedShapes,
  key: string,
  limit: number,
  build: (limit: number) => Preparable<T[]>,
  values: Record<string, unknown>,
): Promise<T[]> {
  const step = limitStep(limit);
  return cutTo(limit, await shapes.run(`${key}|limit ${step}`, () => build(rowCountInText(step) as unknown as number), values));
}

const limitStep = (limit: number) => LIMIT_STEPS.find((s) => s >= limit) ?? limit;
const cutTo = <T>(limit: number, rows: T[]) => (rows.length > limit ? rows.slice(0, limit) : rows);
