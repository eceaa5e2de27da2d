import { asc, eq, gt, sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepared } from '../src/db/prepared.js';
import * as schema from '../src/db/schema/index.js';
import { users } from '../src/db/schema/index.js';
import { openThrowawayPostgres, PG_ADMIN_URL, postgresAvailable } from './support/engines.js';

const pgUp = await postgresAvailable();

/**
 * db/prepared.ts on the real driver: a query becomes one named statement per SQL text on the connection, whatever its
 * values, and each call answers its own values. Read back from PostgreSQL's own list of the session's statements, so it
 * fails if the statement went out unnamed (drizzle's rendered statement no longer carrying the name).
 */
describe.skipIf(!pgUp)('prepared statements on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof openThrowawayPostgres>>;
  let client: pg.Client;
  let db: NodePgDatabase<typeof schema>;
  const statements = async () =>
    (await client.query<{ name: string; statement: string }>(`select name, statement from pg_prepared_statements order by name`)).rows;

  beforeAll(async () => {
    database = await openThrowawayPostgres(PG_ADMIN_URL, 'prepared');
    await database.db.insert(users).values(['ana', 'bo', 'cy'].map((username) => ({ username, passwordHash: 'x' })));
    client = new pg.Client({ connectionString: `postgres://postgres@${database.host}/${database.name}` });
    await client.connect();
    db = drizzle(client, { schema });
  });
  afterAll(async () => {
    await client?.end();
    await database?.close();
  });

  it('names one statement per text and answers each call with its own values', async () => {
    const named = (username: string) => prepared(db.select({ id: users.userId, username: users.username }).from(users).where(eq(users.username, username)));
    expect((await named('bo')).map((u) => u.username)).toEqual(['bo']);
    expect((await named('cy')).map((u) => u.username)).toEqual(['cy']);
    expect(await named('nobody')).toEqual([]);
    const after = await statements();
    expect(after).toHaveLength(1);
    expect(after[0].name).toMatch(/^s_[\w-]{27}$/);
    expect(after[0].statement).toContain('"username" = $1');

    // Another text (another shape of filter) is another statement; the first one's name is kept for its text.
    const later = await prepared(db.select({ username: users.username }).from(users).where(gt(users.userId, sql`${0}`)).orderBy(asc(users.userId)));
    expect(later.map((u) => u.username)).toEqual(expect.arrayContaining(['ana', 'bo', 'cy']));
    expect(await named('ana')).toHaveLength(1);
    const both = await statements();
    expect(both).toHaveLength(2);
    expect(both.map((s) => s.name)).toContain(after[0].name);
  });
});
