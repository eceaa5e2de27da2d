import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client.js';

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Whether the PostgreSQL server the scale-out tests use answers; checked once per test file. */
export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    console.warn(`PostgreSQL at ${PG_ADMIN_URL} is not reachable: the PostgreSQL runs of these tests are skipped.`);
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh database on the given engine: PGlite in memory, or a throwaway PostgreSQL database dropped on close. */
export async function openTestDatabase(engine: 'pglite' | 'postgres'): Promise<Database> {
  if (engine === 'pglite') return openDatabase({});
  const name = `sl_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
