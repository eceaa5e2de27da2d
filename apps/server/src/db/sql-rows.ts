import { sql, type SQL } from 'drizzle-orm';

/** The rows of `db.execute`, which both engines return as `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Integer ids as one array-literal parameter (`{1,2,3}`, cast `::int[]` in the SQL): one statement text for any number of ids. */
export const idArray = (ids: Iterable<number>) => `{${[...ids].join(',')}}`;

/** `values (...), (...)` for an UPDATE ... FROM; each cell is already cast in `row`. */
export const valuesList = <T>(items: T[], row: (item: T) => SQL) => sql.join(items.map((i) => sql`(${row(i)})`), sql`, `);
