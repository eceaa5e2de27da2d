import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client.js';
import { seedDatabase } from '../../src/seed/seed.js';
import { adminQuery, PG_ADMIN_URL, postgresAvailable } from './engines.js';
import { PGLITE_TEMPLATES_ENV, pgliteTemplateFile, POSTGRES_TEMPLATES_ENV, postgresTemplateName, type TemplateKind } from './templates.js';
import { testConfig } from './test-config.js';

/**
 * Once per run, before the server test files: the template databases they clone (templates.ts), migrated and
 * seeded on each engine. Test files are started after this, so they inherit the environment it sets.
 */
export default async function setup() {
  const dir = mkdtempSync(path.join(tmpdir(), 'sl-server-templates-'));
  const prefix = `sl_tpl_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const postgres = await postgresAvailable();
  if (postgres) await dropStaleTemplates();
  const teardown = async () => {
    delete process.env[PGLITE_TEMPLATES_ENV];
    delete process.env[POSTGRES_TEMPLATES_ENV];
    rmSync(dir, { recursive: true, force: true });
    if (!postgres) return;
    for (const kind of ['seeded', 'migrated'] as const) {
      await adminQuery(PG_ADMIN_URL, `drop database if exists ${postgresTemplateName(prefix, kind)} with (force)`);
    }
  };
  try {
    // Settled both ways before a teardown, so a failure on one engine leaves no half-built database on the other.
    const built = await Promise.allSettled([buildPglite(dir), postgres && buildPostgres(prefix)]);
    for (const b of built) if (b.status === 'rejected') throw b.reason;
    process.env[PGLITE_TEMPLATES_ENV] = dir;
    if (postgres) process.env[POSTGRES_TEMPLATES_ENV] = prefix;
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}

async function buildPglite(dir: string) {
  const lite = await openDatabase({});
  try {
    await dumpPglite(lite, pgliteTemplateFile(dir, 'migrated'));
    await seedDatabase(lite.db, testConfig());
    await dumpPglite(lite, pgliteTemplateFile(dir, 'seeded'));
  } finally {
    await lite.close();
  }
}

/** Templates of runs that were killed before their teardown: no run lasts a day. */
async function dropStaleTemplates() {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname like 'sl\\_tpl\\_%'`);
    const dayAgo = Date.now() - 86_400_000;
    for (const { datname } of rows) {
      if (Number(/^sl_tpl_(\d+)_/.exec(datname)?.[1] ?? Infinity) < dayAgo) await client.query(`drop database if exists ${datname} with (force)`);
    }
  } finally {
    await client.end();
  }
}

async function dumpPglite(database: Database, file: string) {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
}

/** The seeded template is a copy of the migrated one. Every pool is closed after: PostgreSQL copies only an idle database. */
async function buildPostgres(prefix: string) {
  const open = async (kind: TemplateKind, from?: TemplateKind) => {
    const name = postgresTemplateName(prefix, kind);
    await adminQuery(PG_ADMIN_URL, `create database ${name}${from ? ` template ${postgresTemplateName(prefix, from)}` : ''}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    return openDatabase({ databaseUrl: url.toString() });
  };
  await (await open('migrated')).close();
  const seeded = await open('seeded', 'migrated');
  try {
    await seedDatabase(seeded.db, testConfig());
  } finally {
    await seeded.close();
  }
}
