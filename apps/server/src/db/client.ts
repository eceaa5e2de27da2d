import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';
import { ensureAhead } from '../fleet/partitions.js';

export type Schema = typeof schema;
/** The Drizzle handle shared by both engines: only PostgreSQL SQL is written against it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
// src/db/client.ts in development, dist/main.js once bundled (scripts/build-server.mjs).
const migrationsFolder = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')].find((p) => existsSync(path.join(p, 'meta/_journal.json')))!;
/** Serialises concurrent start-ups of several instances against one PostgreSQL server. */
const MIGRATION_LOCK = 7_425_001;

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Folder for PGlite's files; omitted means in memory (tests). */
  pgliteDir?: string;
  /** A PGlite data folder (`dumpDataDir`) to start from instead of an empty one: tests clone a migrated template. */
  pgliteTemplate?: Blob;
  /** Daily partitions created ahead of today once migrated (PARTITIONS_AHEAD_DAYS), so a fresh server never lacks today's. */
  partitionsAheadDays?: number;
}

/** Opens PostgreSQL when a URL is given, PGlite otherwise, and applies the migrations. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    // JIT off: its compilation is charged to the statement whose estimate crosses jit_above_cost, and on a request path
    // that was most of the cost (2 s of 2.9 s for the fleet's statistics tail, docs/performance.md); no read here runs
    // long enough to earn it back.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, options: '-c jit=off' });
    // An idle connection dropped by the server must not take the process down; the pool replaces it.
    pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
    await ensureAhead(db, new Date(), opts.partitionsAheadDays ?? 3);
    return { db, engine: 'postgres', close: () => pool.end() };
  }
  if (opts.pgliteDir) mkdirSync(opts.pgliteDir, { recursive: true });
  return attachPglite(newPglite(opts), opts);
}

/** PGlite in memory or in `pgliteDir`, with pg_trgm: the lists' substring filters (sn, name) use trigram indexes (migration 0008). */
export function newPglite(opts: Pick<DatabaseOptions, 'pgliteDir' | 'pgliteTemplate'>): PGlite {
  return new PGlite({ dataDir: opts.pgliteDir, loadDataDir: opts.pgliteTemplate, extensions: { pg_trgm } });
}

/** A Database over an open PGlite, migrated: openDatabase's, and the tests' when they hand one PGlite from file to file. */
export async function attachPglite(client: PGlite, opts: Pick<DatabaseOptions, 'partitionsAheadDays'> = {}): Promise<Database> {
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  await ensureAhead(db as unknown as Db, new Date(), opts.partitionsAheadDays ?? 3);
  return { db: db as unknown as Db, engine: 'pglite', close: () => client.close() };
}

export async function ping(db: Db): Promise<boolean> {
  await db.execute(sql`select 1`);
  return true;
}
