import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { rowsOf } from '../src/db/sql-rows.js';
import { openPgliteTestDatabase, parkedDatabases } from './support/pglite-reuse.js';

/** What a test file could leave behind and the next file must not see. */
async function state(database: Database) {
  const one = async <T>(query: string) => rowsOf<T>(await database.db.execute(sql.raw(query)))[0];
  return {
    users: await one<{ n: number }>('select count(*)::int as n, max(username) as last from sys_user'),
    nextUserId: await one<{ id: number }>(`select nextval('sys_user_user_id_seq')::int as id`),
    timeZone: await one<{ TimeZone: string }>('show timezone'),
    partitions: await one<{ n: number }>(`select count(*)::int as n from pg_inherits where inhparent = 'heartbeat'::regclass`),
    heartbeats: await one<{ n: number }>('select count(*)::int as n from heartbeat'),
  };
}

describe('PGlite test databases handed from file to file', () => {
  it('come back as first opened: rows, sequences, session settings and partitions', async () => {
    const first = await openPgliteTestDatabase('seeded');
    const fresh = await state(first);
    // A fresh database's nextval moved the sequence; the reset puts it back to before that call.
    await first.db.execute(sql`insert into sys_user (username, password_hash) values ('leftover', 'x')`);
    await first.db.execute(sql`set timezone = 'Pacific/Chatham'`);
    await first.db.execute(sql`create table heartbeat_p20200101 partition of heartbeat for values from ('2020-01-01') to ('2020-01-02')`);
    await first.db.execute(sql`insert into heartbeat (terminal_id, mid, ts, model) values (1, 'leftover', '2020-01-01T12:00:00Z', 1)`);
    expect((await state(first)).users.n).toBe(fresh.users.n + 1);
    const before = parkedDatabases('seeded');
    await first.close();
    expect(parkedDatabases('seeded')).toBe(before + 1);

    const second = await openPgliteTestDatabase('seeded');
    expect(parkedDatabases('seeded')).toBe(before);
    try {
      expect(await state(second)).toEqual(fresh);
    } finally {
      await second.close();
    }
  });

  it('keeps at most two waiting, however many a file closes at once', async () => {
    const databases = await Promise.all([1, 2, 3].map(() => openPgliteTestDatabase('seeded')));
    await Promise.all(databases.map((d) => d.close()));
    expect(parkedDatabases('seeded')).toBe(2);
  });

  it('is not reused once a test changed its schema', async () => {
    const database = await openPgliteTestDatabase('migrated');
    await database.db.execute(sql`alter table sys_config add column leftover int`);
    const before = parkedDatabases('migrated');
    await database.close();
    expect(parkedDatabases('migrated')).toBe(before);
  });

  it('is not reused once a test dropped one of its partitions', async () => {
    const database = await openPgliteTestDatabase('migrated');
    await database.db.execute(sql`drop table heartbeat_default`);
    const before = parkedDatabases('migrated');
    await database.close();
    expect(parkedDatabases('migrated')).toBe(before);
  });

  it('refuses a query that comes after its file closed it', async () => {
    const database = await openPgliteTestDatabase('migrated');
    await database.close();
    const error = await database.db.execute(sql`select 1`).then(() => undefined, (e: Error) => e);
    expect(String(error?.cause)).toMatch(/this test database was closed/);
  });
});
