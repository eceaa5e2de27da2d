import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { dropBefore, ensureAhead, partitionsOf } from '../src/fleet/partitions.js';
import { ReadingRepository } from '../src/gateway/reading-repository.js';
import { rowsOf } from '../src/db/sql-rows.js';
import { describeEachEngine } from './support/each-engine.js';
import { openTestDatabase, PG_ADMIN_URL } from './support/engines.js';

const DAY = 86_400_000;
const drizzleDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle');
const count = async (db: Db, table: string) => Number(rowsOf<{ n: string }>(await db.execute(sql`select count(*) as n from ${sql.identifier(table)}`))[0].n);

/** The migrations folder cut before 0008: a database as the landed main left it. */
function migrationsBeforePartitions() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sl-mig-'));
  cpSync(drizzleDir, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < '0008');
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/** Opens an empty database of the engine with a `migrate(folder)` of its own. */
async function openBare(engine: 'pglite' | 'postgres') {
  if (engine === 'pglite') {
    const client = new PGlite({ extensions: { pg_trgm } });
    const db = drizzlePglite(client);
    return { db: db as unknown as Db, migrate: (folder: string) => migratePglite(db, { migrationsFolder: folder }), close: () => client.close() };
  }
  const name = `sl_test_mig_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on('error', () => undefined);
  const db = drizzlePg(pool);
  return {
    db: db as unknown as Db,
    migrate: (folder: string) => migratePg(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

describeEachEngine('migration 0008 on a database with rows', (engine) => {
  it('keeps every heartbeat, event and log row of an unpartitioned database, in day partitions', { timeout: 120_000 }, async () => {
    const bare = await openBare(engine);
    const old = migrationsBeforePartitions();
    try {
      await bare.migrate(old);
      const { db } = bare;
      // 5 days back to 1 day ahead, one row per hour; one row with a clock years off.
      await db.execute(sql`
        insert into heartbeat (terminal_id, mid, ts, model, voltage_a)
        select 1 + g % 3, 'm' || g, now() - interval '5 days' + g * interval '1 hour', 2, 220 from generate_series(0, 143) g`);
      await db.execute(sql`insert into heartbeat (terminal_id, mid, ts, model) values (9, 'far', '2001-01-01T00:00:00Z', 2)`);
      await db.execute(sql`insert into device_event (terminal_id, mid, event, state, ts) select 1, 'e' || g, 'leakage', 'on', now() - g * interval '1 day' from generate_series(0, 9) g`);
      await db.execute(sql`insert into terminal_log (kind, terminal_id, created_at) select 'heart', 1, now() - g * interval '1 day' from generate_series(0, 6) g`);
      const sum = async () => rowsOf<{ s: string }>(await db.execute(sql`select coalesce(sum(id), 0)::text || '/' || count(*) as s from heartbeat`))[0].s;
      const before = await sum();

      await bare.migrate(drizzleDir);

      expect(await sum()).toBe(before);
      expect(await count(db, 'heartbeat')).toBe(145);
      expect(await count(db, 'heartbeat_default')).toBe(1);
      expect(await count(db, 'device_event')).toBe(10);
      expect(await count(db, 'terminal_log')).toBe(7);
      const days = await partitionsOf(db, 'heartbeat');
      expect(days.length).toBeGreaterThanOrEqual(8);
      // New rows take the next id and a repeated (terminal, mid, ts) is still skipped.
      const inserted = await db.execute(sql`
        insert into heartbeat (terminal_id, mid, ts, model) values (1, 'm0', (select ts from heartbeat where mid = 'm0'), 2), (1, 'new', now(), 2)
        on conflict (terminal_id, mid, ts) do nothing returning id`);
      const ids = rowsOf<{ id: string }>(inserted).map((r) => Number(r.id));
      expect(ids).toHaveLength(1);
      expect(ids[0]).toBeGreaterThan(145);
    } finally {
      await bare.close();
      rmSync(old, { recursive: true, force: true });
    }
  });
});

describeEachEngine('partitions ahead and retention', (engine) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    // From empty, as a first start: the migrations' own partitions and ensureAhead's, of today.
    database = await openTestDatabase(engine, 'empty');
  });
  afterAll(() => database.close());

  it('creates today and the days ahead, moving rows the default partition held for a new day', async () => {
    const { db } = database;
    const now = new Date();
    const far = new Date(now.getTime() + 40 * DAY);
    await db.execute(sql`insert into heartbeat (terminal_id, mid, ts, model) values (1, 'ahead', ${far}, 2)`);
    expect(await count(db, 'heartbeat_default')).toBe(1);

    const created = await ensureAhead(db, now, 41);
    expect(created).toBeGreaterThan(0);
    const days = (await partitionsOf(db, 'heartbeat')).map((p) => p.day.toISOString().slice(0, 10));
    for (let i = 0; i <= 41; i++) expect(days).toContain(new Date(now.getTime() + i * DAY).toISOString().slice(0, 10));
    expect(await count(db, 'heartbeat_default')).toBe(0);
    expect(await count(db, 'heartbeat')).toBe(1);
    expect(await ensureAhead(db, now, 41)).toBe(0);
  });

  it('drops the partitions wholly before the cutoff and keeps the rest', async () => {
    const { db } = database;
    const now = new Date();
    await ensureAhead(db, new Date(now.getTime() - 10 * DAY), 10);
    await db.execute(sql`
      insert into heartbeat (terminal_id, mid, ts, model)
      select 2, 'r' || g, ${now}::timestamptz - g * interval '1 day', 2 from generate_series(0, 9) g`);
    await db.execute(sql`insert into terminal_log (kind, terminal_id, created_at) select 'heart', 2, ${now}::timestamptz - g * interval '1 day' from generate_series(0, 9) g`);
    const cutoff = new Date(now.getTime() - 5 * DAY);

    const dropped = await dropBefore(db, 'heartbeat', cutoff);
    await dropBefore(db, 'terminal_log', cutoff);

    expect(dropped.length).toBeGreaterThanOrEqual(4);
    for (const { day } of await partitionsOf(db, 'heartbeat')) expect(day.getTime() + DAY).toBeGreaterThan(cutoff.getTime());
    const left = rowsOf<{ ts: Date | string }>(await db.execute(sql`select ts from heartbeat where terminal_id = 2`)).map((r) => new Date(r.ts).getTime());
    // Rows of the cutoff's own day stay until that whole day has passed.
    expect(left.every((t) => t >= cutoff.getTime() - DAY)).toBe(true);
    expect(left.filter((t) => t >= cutoff.getTime())).toHaveLength(6);
    // Days 0-5 back are kept; day 6 back stays only when it shares the cutoff's UTC day.
    expect(await count(db, 'terminal_log')).toBeGreaterThanOrEqual(6);
    expect(await count(db, 'terminal_log')).toBeLessThanOrEqual(7);
  });

  it('analyzes a day partition that has no planner statistics, once', async () => {
    const { db } = database;
    const day = new Date(Date.now() + 2 * DAY);
    await ensureAhead(db, new Date(), 2);
    const name = `heartbeat_p${day.toISOString().slice(0, 10).replaceAll('-', '')}`;
    // Autovacuum must not analyze it first.
    if (engine === 'postgres') await db.execute(sql`alter table ${sql.identifier(name)} set (autovacuum_enabled = false)`);
    await db.execute(sql`
      insert into heartbeat (terminal_id, mid, ts, model)
      select 1 + g % 40, 's' || g, ${day}::timestamptz + g * interval '1 second', 2 from generate_series(0, 199) g`);
    const statistics = async () => Number(rowsOf<{ n: string }>(await db.execute(sql`select count(*) as n from pg_stats where tablename = ${name}`))[0].n);
    expect(await statistics()).toBe(0);

    expect(await new ReadingRepository(db).analyzeIfNoStatistics('heartbeat', day)).toBe(true);
    expect(await statistics()).toBeGreaterThan(0);
    expect(await new ReadingRepository(db).analyzeIfNoStatistics('heartbeat', day)).toBe(false);
    // A day without a partition (its rows would be in the default one) is left alone.
    expect(await new ReadingRepository(db).analyzeIfNoStatistics('heartbeat', new Date(Date.now() + 400 * DAY))).toBe(false);
  });
});
