import { asc, eq, gt, sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cappedShapeCount } from '../src/db/paging.js';
import { prepared, preparedPage, PreparedShapes } from '../src/db/prepared.js';
import * as schema from '../src/db/schema/index.js';
import { heartbeats, terminals, users } from '../src/db/schema/index.js';
import type { Db } from '../src/db/client.js';
import { ensurePartitions } from '../src/fleet/partitions.js';
import { HeartbeatRepository } from '../src/devices/heartbeat/heartbeat-repository.js';
import { TerminalAdminRepository } from '../src/devices/terminal/terminal-admin-repository.js';
import type { Principal } from '../src/system/access/principal.js';
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
    (await client.query<{ name: string; statement: string; generic_plans: string }>(`select name, statement, generic_plans from pg_prepared_statements order by name`)).rows;

  beforeAll(async () => {
    database = await openThrowawayPostgres(PG_ADMIN_URL, 'prepared');
    await database.db.insert(users).values(['ana', 'bo', 'cy', ...Array.from({ length: 30 }, (_, i) => `u${String(i).padStart(2, '0')}`)].map((username) => ({ username, passwordHash: 'x' })));
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

  it('keeps one statement per shape whatever its values, and counts a shape exactly up to its limit and by more above it', async () => {
    await client.query('deallocate all');
    const shapes = new PreparedShapes();
    const byName = (name: string) => shapes.run('by-name', () => db.select({ username: users.username }).from(users).where(sql`${users.username} = ${sql.placeholder('name')}`), { name });
    for (const name of ['ana', 'bo', 'u07', 'nobody']) expect((await byName(name)).map((u) => u.username)).toEqual(name === 'nobody' ? [] : [name]);
    expect((await statements()).filter((k) => k.statement.includes('"username" = $1'))).toHaveLength(1);

    const ids = (await db.select({ id: users.userId }).from(users).orderBy(asc(users.userId))).map((u) => u.id);
    const after = (placeholder: boolean, id: number) => () => db.select({ one: sql`1` }).from(users).where(sql`${users.userId} > ${placeholder ? sql.placeholder('id') : id}`);
    for (const k of [0, 20, 25, 33]) {
      const id = k === 0 ? 0 : ids[k - 1];
      const n = await cappedShapeCount(db as unknown as Db, shapes, { key: 'after', values: { id } }, after(true, id), after(false, id), { limit: 10, countFirst: true });
      if (ids.length - k <= 10) expect(n, `after ${k}`).toBe(ids.length - k);
      else expect(n, `after ${k}`).toBeGreaterThan(10);
    }
    // The planner's estimate first: one row by its key is counted; the whole table is more than the limit.
    const one = (placeholder: boolean, id: number) => () => db.select({ one: sql`1` }).from(users).where(sql`${users.userId} = ${placeholder ? sql.placeholder('id') : id}`);
    for (const id of [ids[3], -1]) expect(await cappedShapeCount(db as unknown as Db, shapes, { key: 'one', values: { id } }, one(true, id), one(false, id), { limit: 10 })).toBe(id === -1 ? 0 : 1);
    expect(await cappedShapeCount(db as unknown as Db, shapes, { key: 'after', values: { id: 0 } }, after(true, 0), after(false, 0), { limit: 10 })).toBeGreaterThan(10);
    // One count statement per shape and cap, whatever the values.
    expect((await statements()).filter((k) => k.statement.includes('count(*)'))).toHaveLength(2);
  });

  it("keeps each repository's counts apart when two use the same shape key and values", async () => {
    const series = (n: number) => () => db.select({ one: sql`1` }).from(sql`generate_series(1, ${sql.raw(String(n))}) g`);
    // Both counts are kept (at least CACHED_COUNT_FLOOR): the second must not be answered with the first's.
    const [a, b] = [new PreparedShapes(), new PreparedShapes()];
    expect(await cappedShapeCount(db as unknown as Db, a, { key: 'same', values: {} }, series(1500), series(1500), { countFirst: true })).toBe(1500);
    expect(await cappedShapeCount(db as unknown as Db, b, { key: 'same', values: {} }, series(1200), series(1200), { countFirst: true })).toBe(1200);
  });

  it('reads a page with its size rounded up to a step in the text, cut back to the size, and PostgreSQL keeps its plan', async () => {
    await client.query('deallocate all');
    const page = (size: number, after: number) =>
      preparedPage(size, (inText) => db.select({ id: users.userId, username: users.username }).from(users).where(gt(users.userId, after)).orderBy(asc(users.userId)).limit(inText));
    const all = (await db.select({ id: users.userId }).from(users).orderBy(asc(users.userId))).map((u) => u.id);
    for (let call = 0; call < 8; call++) expect((await page(7, all[call])).map((u) => u.id)).toEqual(all.slice(call + 1, call + 8));
    expect((await page(10, 0)).map((u) => u.id)).toEqual(all.slice(0, 10));
    expect((await page(13, all[2])).map((u) => u.id)).toEqual(all.slice(3, 16));
    const kept = await statements();
    // 7 and 10 share the text with `limit 10`; 13 has `limit 20`: two statements, not three.
    expect(kept.map((k) => k.statement.match(/limit (\S+)/)?.[1]).sort()).toEqual(['10', '20']);
    expect(Number(kept.find((k) => k.statement.includes('limit 10'))!.generic_plans)).toBeGreaterThan(0);
  });

  it("plans a terminal's newest heartbeats once: the recent window's start is in the text, not a parameter", async () => {
    await client.query('deallocate all');
    const DAY = 86_400_000;
    const now = Date.now();
    // A month of day partitions, as a running installation keeps: with the window's start as a parameter the generic plan
    // holds all of them, so PostgreSQL planned every call anew for the few the start leaves.
    await ensurePartitions(db as unknown as Db, new Date(now - 30 * DAY), new Date(now + 3 * DAY));
    const [t] = await db.insert(terminals).values({ name: 'lamp', family: 'rdc4m', sn: 'PREP-1', model: 2 }).returning({ id: terminals.terminalId });
    const times = Array.from({ length: 14 }, (_, i) => now - i * 60_000);
    await db.insert(heartbeats).values(times.map((ms, i) => ({ terminalId: t.id, mid: `m${i}`, ts: new Date(ms), model: 2 })));
    const admin: Principal = { userId: 1, username: 'admin', deptId: null, deptPath: null, roles: [], permissions: new Set(), isAdmin: true };
    const repo = new HeartbeatRepository(db as unknown as Db);

    for (let call = 0; call < 8; call++) {
      const page = await repo.page(admin, { pageIndex: 1, pageSize: 10, terminalId: t.id });
      expect(page.list.map((r) => new Date(r.ts).getTime())).toEqual(times.slice(0, 10));
    }
    const [statement] = (await statements()).filter((k) => k.statement.includes('from "heartbeat"') && k.statement.includes('limit 10'));
    expect(statement.statement).toMatch(/"heartbeat"\."ts" >= '\d{4}-\d\d-\d\dT00:00:00\.000Z'::timestamptz/);
    expect(Number(statement.generic_plans)).toBeGreaterThan(0);
  });

  it("reads a text filter's matches with one statement per shape of filters, whatever the text, page and cursor", async () => {
    await client.query('deallocate all');
    // Serials registered in blocks, as a city's are: TXT-A-000…029 and TXT-B-000…029, every third one in the warehouse.
    const serials = ['A', 'B'].flatMap((block) => Array.from({ length: 30 }, (_, i) => `TXT-${block}-${String(i).padStart(3, '0')}`));
    const ids = (await db.insert(terminals).values(serials.map((sn, i) => ({ name: `lamp ${sn}`, family: 'rdc4m', sn, model: 2, status: i % 3 === 0 ? 2 : 3 }))).returning({ id: terminals.terminalId, sn: terminals.sn })).sort((a, b) => a.id - b.id);
    const admin: Principal = { userId: 1, username: 'admin', deptId: null, deptPath: null, roles: [], permissions: new Set(), isAdmin: true };
    const repo = new TerminalAdminRepository(db as unknown as Db, () => undefined, 0);
    const expected = (part: string, keep: (i: number) => boolean = () => true) => ids.filter((t, i) => t.sn.toLowerCase().includes(part.toLowerCase()) && keep(serials.indexOf(t.sn))).map((t) => t.id);

    for (const part of ['txt-a', 'TXT-B-01', '-00', 'nothing']) {
      const all = expected(part);
      const first = await repo.page(admin, { pageIndex: 1, pageSize: 20, sn: part });
      expect([first.count, first.list.map((r) => r.terminalId)]).toEqual([all.length, all.slice(0, 20)]);
      const second = await repo.page(admin, { pageIndex: 2, pageSize: 20, sn: part });
      expect(second.list.map((r) => r.terminalId)).toEqual(all.slice(20, 40));
      if (all.length > 5) expect((await repo.page(admin, { pageIndex: 1, pageSize: 20, sn: part, afterId: all[4] })).list.map((r) => r.terminalId)).toEqual(all.slice(5, 25));
    }
    const inWarehouse = await repo.page(admin, { pageIndex: 1, pageSize: 20, sn: 'txt-', status: 2 });
    expect(inWarehouse.list.map((r) => r.terminalId)).toEqual(expected('txt-', (i) => i % 3 === 0));

    // The serial filter alone is one statement for every text, page and cursor; with the status filter it is a second.
    const matchReads = (await statements()).filter((k) => k.statement.includes('array_agg'));
    expect(matchReads).toHaveLength(2);
    expect(matchReads.every((k) => k.statement.includes('limit 5001'))).toBe(true);
  });
});
