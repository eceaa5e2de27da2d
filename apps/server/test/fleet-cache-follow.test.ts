import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { rowsOf } from '../src/db/sql-rows.js';
import { departments, terminals } from '../src/db/schema/index.js';
import { TerminalChangeFollower } from '../src/devices/terminal/terminal-change-follower.js';
import { TerminalChangeRepository } from '../src/devices/terminal/terminal-change-repository.js';
import { FleetCache } from '../src/map/fleet-cache.js';
import { MapRepository } from '../src/map/map-repository.js';
import { describeEachEngine } from './support/each-engine.js';
import { openTestDatabase } from './support/engines.js';

/**
 * The map's fleet copy hears terminals changed behind its back (another instance, psql, a migration) through the
 * terminal change notes before its next answer, instead of at its 5-minute reload: writes here go straight to the
 * table, so no domain event tells the copy.
 */
describeEachEngine('the map fleet copy, following the terminal change notes', (engine) => {
  let database: Database;
  let ids: number[];
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    ids = (await database.db.insert(terminals).values([1, 2, 3].map((i) => ({ sn: `MAP-${i}`, family: 'rdc4m', name: `lamp ${i}`, model: 2, lng: 121 + i / 10, lat: 31 }))).returning({ id: terminals.terminalId })).map((t) => t.id);
  });
  afterAll(() => database?.close());

  const cacheOf = (db: Database['db']) => {
    const repo = new MapRepository(db);
    const follower = new TerminalChangeFollower(new TerminalChangeRepository(db), (changed) => (changed === 'all' ? cache.invalidate() : cache.drop(changed)));
    // An hour between whole reloads: what shows below came through the notes.
    const cache: FleetCache = new FleetCache(() => repo.fleetSnapshot(), 3_600_000, () => Date.now(), (some) => repo.fleetSnapshot(some), () => follower.caughtUp());
    return cache;
  };
  const xOf = async (cache: FleetCache, id: number) => {
    const s = await cache.current();
    const i = s.ids.indexOf(id);
    return i < 0 ? undefined : s.x[i];
  };

  it('shows a terminal moved, added or deleted elsewhere at its next answer, reloading whole only for an addition or deletion', async () => {
    const db = database.db;
    const cache = cacheOf(db);
    expect(await xOf(cache, ids[0])).toBe(121_100_000);
    const builds = cache.builds;
    await db.execute(sql`update terminal set lng = 122.5 where terminal_id = ${ids[0]}`);
    expect(await xOf(cache, ids[0])).toBe(122_500_000);
    // A write the map does not read (the last heartbeat time) leaves no note: nothing is read again.
    await db.execute(sql`update terminal set last_seen_at = now() where terminal_id = ${ids[1]}`);
    expect(await xOf(cache, ids[1])).toBe(121_200_000);
    expect(cache.builds).toBe(builds);
    await db.execute(sql`delete from terminal where terminal_id = ${ids[2]}`);
    expect(await xOf(cache, ids[2])).toBeUndefined();
    const [added] = await db.insert(terminals).values({ sn: 'MAP-4', family: 'rdc4m', name: 'lamp 4', model: 2, lng: 120, lat: 30 }).returning({ id: terminals.terminalId });
    expect(await xOf(cache, added.id)).toBe(120_000_000);
    expect(cache.builds).toBe(builds + 2);
  });

  it('keeps two copies (two instances) alike when many answers are asked at once', async () => {
    const [a, b] = [cacheOf(database.db), cacheOf(database.db)];
    await Promise.all([a.current(), b.current()]);
    await database.db.execute(sql`update terminal set lng = 123.25 where terminal_id = ${ids[1]}`);
    const xs = await Promise.all(Array.from({ length: 20 }, (_, i) => xOf(i % 2 ? a : b, ids[1])));
    expect(new Set(xs)).toEqual(new Set([123_250_000]));
  });

  it('shows a department renamed elsewhere at its next answer, without reading the whole fleet again', async () => {
    const db = database.db;
    const [dept] = await db.insert(departments).values({ deptName: 'North works' }).returning({ id: departments.deptId });
    await db.update(terminals).set({ deptId: dept.id }).where(sql`terminal_id = ${ids[0]}`);
    const cache = cacheOf(db);
    expect((await cache.current()).deptNames.get(dept.id)).toBe('North works');
    const builds = cache.builds;
    await db.execute(sql`update sys_dept set dept_name = 'North depot' where dept_id = ${dept.id}`);
    expect((await cache.current()).deptNames.get(dept.id)).toBe('North depot');
    expect(cache.builds).toBe(builds);
    // Another column of the department is not a rename: no note.
    const notes = async () => Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from terminal_change`))[0].n);
    const before = await notes();
    await db.execute(sql`update sys_dept set leader = 'Li' where dept_id = ${dept.id}`);
    expect(await notes()).toBe(before);
  });
});
