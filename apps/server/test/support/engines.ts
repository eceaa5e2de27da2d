import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client.js';
import { openPgliteTestDatabase } from './pglite-reuse.js';
import { postgresTemplate, type DatabaseStart } from './templates.js';

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

export async function adminQuery(adminUrl: string, text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A new database `{prefix}_…` on the server of `adminUrl` (a copy of `template` when given), migrated, dropped on
 * close (tests and bench/ingest).
 */
export async function openThrowawayPostgres(adminUrl: string, prefix: string, template?: string): Promise<Database & { name: string; host: string }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    name,
    host: url.host,
    close: async () => {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * A fresh, migrated database on the given engine: PGlite in memory, or a throwaway PostgreSQL database dropped on
 * close. It starts as a clone of the run's `start` template when there is one (templates.ts), on PGlite often one an
 * earlier file in the worker used and put back (pglite-reuse.ts); 'empty' runs every migration.
 */
export async function openTestDatabase(engine: 'pglite' | 'postgres', start: DatabaseStart = 'migrated'): Promise<Database> {
  if (start === 'empty') return engine === 'pglite' ? openDatabase({}) : openThrowawayPostgres(PG_ADMIN_URL, 'sl_test');
  if (engine === 'pglite') return openPgliteTestDatabase(start);
  return openThrowawayPostgres(PG_ADMIN_URL, 'sl_test', postgresTemplate(start));
}
