import { createHash } from 'node:crypto';
import { compiledRows, isFlatSelection } from './compiled-rows.js';

/** A Drizzle select: it renders its SQL and prepares itself under a name; `_.config.fields` is what it selects. */
interface Preparable<T> {
  prepare(name: string): { execute(): Promise<T> };
  _?: { config?: { fields?: Record<string, unknown> } };
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
  const statement = query.prepare('');
  const rendered = statement as NodePgStatement;
  if (typeof rendered.queryString === 'string' && rendered.rawQueryConfig && rendered.queryConfig) {
    rendered.rawQueryConfig.name = rendered.queryConfig.name = statementName(rendered.queryString);
  }
  const fields = query._?.config?.fields;
  if (fields && isFlatSelection(fields)) compiledRows(statement, fields);
  return statement.execute();
}
