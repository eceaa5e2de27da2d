import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataScope, TerminalStatus, type PageQuery, type TerminalFilter } from '@sl/contracts';
import type { Database, Db } from '../src/db/client.js';
import { departments, terminalBoxes, terminals } from '../src/db/schema/index.js';
import { rowsOf } from '../src/db/sql-rows.js';
import { TerminalAdminRepository, type TerminalSubset } from '../src/devices/terminal/terminal-admin-repository.js';
import { TerminalChangeRepository } from '../src/devices/terminal/terminal-change-repository.js';
import { TerminalListIndex } from '../src/devices/terminal/terminal-list-index.js';
import type { Principal } from '../src/system/access/principal.js';
import { describeEachEngine } from './support/each-engine.js';
import { openTestDatabase, openThrowawayPostgres, PG_ADMIN_URL, postgresAvailable } from './support/engines.js';

const admin: Principal = { userId: 1, username: 'admin', deptId: null, deptPath: null, roles: [], permissions: new Set(), isAdmin: true };
type Query = PageQuery & TerminalFilter & { afterId?: number };

/**
 * The terminal lists answered from the list fields in memory (terminal-list-index.ts) against the same lists asked of
 * PostgreSQL (the repository without the copy), on the same rows: every filter, scope, subset, page and cursor; then
 * the copy kept current by writes it did not make, from another connection, in transactions it overlapped, after the
 * change notes were pruned and after a truncation.
 */
describeEachEngine('the terminal list fields in memory', (engine) => {
  let database: Database;
  let db: Db;
  let indexed: TerminalAdminRepository;
  let plain: TerminalAdminRepository;
  let depts: { root: number; east: number; eastNorth: number; west: number };
  let boxId: number;
  /** How many times the copy read the whole table, and the snapshot it last asked the changes since. */
  let fullReads = 0;
  let askedSince = '';

  const sameAnswer = async (p: Principal, q: Query, subset?: TerminalSubset) => {
    const [fromCopy, fromTable] = await Promise.all([indexed.page(p, q, subset), plain.page(p, q, subset)]);
    const shape = (r: Awaited<typeof fromCopy>) => ({ count: r.count, ids: r.list.map((t) => t.terminalId) });
    expect(shape(fromCopy), JSON.stringify({ q, subset })).toEqual(shape(fromTable));
    return shape(fromCopy);
  };

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    db = database.db;
    const dept = async (name: string, parentPath: string) => {
      const [d] = await db.insert(departments).values({ deptName: name }).returning({ id: departments.deptId });
      const path = `${parentPath}/${d.id}`;
      await db.update(departments).set({ deptPath: path }).where(sql`${departments.deptId} = ${d.id}`);
      return { id: d.id, path };
    };
    const root = await dept('Root', '');
    const east = await dept('East', root.path);
    const eastNorth = await dept('East North', east.path);
    const west = await dept('West', root.path);
    depts = { root: root.id, east: east.id, eastNorth: eastNorth.id, west: west.id };
    [{ boxId }] = await db.insert(terminalBoxes).values({ name: 'cabinet', code: 'CAB-1', deptId: east.id }).returning({ boxId: terminalBoxes.boxId });
    const names = ['Lamp', 'lamp 路灯', 'LAMP_100%', 'Gate\\A', 'Straße', 'Ärger', '路灯 东', 'plain'];
    await db.insert(terminals).values(
      Array.from({ length: 90 }, (_, i) => ({
        sn: `SN-${['AA', 'ab', 'Xy'][i % 3]}-${String(i).padStart(4, '0')}`,
        family: i % 4 === 0 ? 'rdcsm' : 'rdc4m',
        name: `${names[i % names.length]} ${i}`,
        model: i % 4 === 0 ? 1 : 2,
        manufacturer: i % 5 === 0 ? 'WQ' : 'HW',
        imsi: i % 6 === 0 ? '' : `46011${String(i * 7919).padStart(10, '0')}`,
        deptId: [null, depts.root, depts.east, depts.eastNorth, depts.west][i % 5],
        area: i % 2 ? 'District One' : 'district two',
        boxId: i % 7 === 0 ? boxId : null,
        status: [1, 2, 3, 3, 4, 5][i % 6],
        registerState: 1 + (i % 3),
        onlineState: 1 + (i % 3),
      })),
    );
    const changes = new TerminalChangeRepository(db);
    const readAll = changes.all.bind(changes);
    changes.all = () => (fullReads++, readAll());
    const changedSince = changes.changedSince.bind(changes);
    changes.changedSince = (since) => ((askedSince = since), changedSince(since));
    indexed = new TerminalAdminRepository(db, () => undefined, 0, new TerminalListIndex(changes));
    plain = new TerminalAdminRepository(db, () => undefined, 0);
  });
  afterAll(() => database.close());

  it('answers every filter, page and cursor as PostgreSQL does', async () => {
    const filters: TerminalFilter[] = [
      {}, { sn: 'ab' }, { sn: 'AB-00' }, { sn: 'sn-xy-0' }, { sn: 'nothing' }, { name: 'lamp' }, { name: '路灯' }, { name: '100%' }, { name: '_' }, { name: '\\a' },
      { area: 'DISTRICT' }, { area: 'one' }, { keyword: '4601100000' }, { keyword: 'xy' }, { keyword: 'LAMP' }, { family: 'rdcsm' }, { family: 'nope' as TerminalFilter['family'] },
      { model: 1 }, { onlineState: 2 }, { status: 3 }, { status: TerminalStatus.all }, { registerState: 2 }, { deptId: depts.east }, { deptId: depts.west },
      { boxId }, { manufacturer: 'WQ' }, { family: 'rdc4m', onlineState: 1, status: 3, sn: 'a' }, { sn: 'a', name: 'lamp', keyword: '0' },
    ];
    for (const filter of filters) {
      for (const page of [{ pageIndex: 1, pageSize: 10 }, { pageIndex: 3, pageSize: 7 }, { pageIndex: 40, pageSize: 20 }]) await sameAnswer(admin, { ...page, ...filter });
      await sameAnswer(admin, { pageIndex: 1, pageSize: 5, afterId: (await plain.page(admin, { pageIndex: 1, pageSize: 3, ...filter })).list.at(-1)?.terminalId, ...filter });
    }
    for (const subset of ['inventory', 'boxed', 'unboxed'] as const) await sameAnswer(admin, { pageIndex: 1, pageSize: 50, sn: 'a' }, subset);
    expect((await sameAnswer(admin, { pageIndex: 1, pageSize: 100 })).count).toBe(90);
  });

  it("limits every list to the caller's departments", async () => {
    const role = (dataScope: string) => ({ roleId: 99, roleKey: 'r', dataScope, admin: false });
    const east = (await db.select({ path: departments.deptPath }).from(departments).where(sql`${departments.deptId} = ${depts.east}`))[0].path;
    const callers: Principal[] = [
      { ...admin, isAdmin: false, deptId: depts.east, deptPath: east, roles: [role(DataScope.ownDeptAndBelow)] },
      { ...admin, isAdmin: false, deptId: depts.east, deptPath: east, roles: [role(DataScope.ownDept)] },
      { ...admin, isAdmin: false, deptId: depts.east, deptPath: east, roles: [role(DataScope.self)] },
      { ...admin, isAdmin: false, deptId: depts.west, deptPath: null, roles: [role(DataScope.all)] },
    ];
    const counts = [];
    for (const p of callers) {
      counts.push((await sameAnswer(p, { pageIndex: 1, pageSize: 100 })).count);
      await sameAnswer(p, { pageIndex: 1, pageSize: 100, name: 'lamp', deptId: depts.eastNorth });
    }
    expect(counts).toEqual([36, 18, 0, 90]);
  });

  it('hears what another connection writes, adds and deletes, and goes back to PostgreSQL where ILIKE folds letters it cannot', async () => {
    const q: Query = { pageIndex: 1, pageSize: 100, onlineState: 1 };
    const before = await sameAnswer(admin, q);
    const [target] = await db.select({ id: terminals.terminalId }).from(terminals).where(sql`${terminals.onlineState} = 2`).limit(1);
    await db.execute(sql`update terminal set online_state = 1, sn = 'MOVED-ONE' where terminal_id = ${target.id}`);
    expect((await sameAnswer(admin, q)).count).toBe(before.count + 1);
    expect((await sameAnswer(admin, { pageIndex: 1, pageSize: 10, sn: 'moved' })).ids).toEqual([target.id]);
    // Writes of fields the lists do not filter by leave no note.
    const notes = async () => Number((await db.execute(sql`select count(*)::int as n from terminal_change`) as unknown as { rows: Array<{ n: number }> }).rows[0].n);
    const noted = await notes();
    await db.execute(sql`update terminal set last_seen_at = now(), firmware = 'v9' where terminal_id = ${target.id}`);
    expect(await notes()).toBe(noted);

    const [added] = await db.insert(terminals).values({ sn: 'İSTANBUL-1', family: 'rdc4m', name: 'KELVIN', model: 2, onlineState: 1 }).returning({ id: terminals.terminalId });
    expect((await sameAnswer(admin, q)).ids).toContain(added.id);
    // "İ" lowercases to "i" in some locales: a serial search goes to PostgreSQL while such a serial exists, and answers as it does.
    expect((await sameAnswer(admin, { pageIndex: 1, pageSize: 10, sn: 'istanbul' })).count).toBe((await plain.page(admin, { pageIndex: 1, pageSize: 10, sn: 'istanbul' })).count);
    await sameAnswer(admin, { pageIndex: 1, pageSize: 10, name: 'Ä' });
    await db.execute(sql`delete from terminal where terminal_id = ${added.id}`);
    expect((await sameAnswer(admin, q)).ids).not.toContain(added.id);
    expect(await sameAnswer(admin, { pageIndex: 1, pageSize: 10, sn: 'ab-00' })).toEqual(await sameAnswer(admin, { pageIndex: 1, pageSize: 10, sn: 'AB-00' }));
  });

  it('reads everything again once the notes it needed are pruned, and after a truncation, and only then', async () => {
    const changes = new TerminalChangeRepository(db);
    const q: Query = { pageIndex: 1, pageSize: 100, status: 4 };
    await sameAnswer(admin, q);
    await db.execute(sql`update terminal set status = 4 where terminal_id in (select terminal_id from terminal where status = 1 order by terminal_id limit 3)`);
    // Two prunings: the second deletes the notes below the xmin of the snapshot taken at the first.
    await changes.prune();
    const [{ next }] = rowsOf<{ next: string }>(await db.execute(sql`select next_horizon as next from terminal_change_horizon`));
    await changes.prune();
    const [pruned] = rowsOf<{ below: number; isXmin: boolean }>(await db.execute(sql`select
      (select count(*)::int from terminal_change where xid < h.horizon) as below, h.horizon = pg_snapshot_xmin(${next}::pg_snapshot) as "isXmin"
      from terminal_change_horizon h`));
    expect(pruned).toEqual({ below: 0, isXmin: true });
    // Whether that took the update's notes depends on what else was running in the cluster (xids are cluster-wide):
    // the copy reads everything again exactly when notes it needs, those at or above its snapshot's xmin, are gone.
    const reads = fullReads;
    await sameAnswer(admin, q);
    const [{ needed }] = rowsOf<{ needed: boolean }>(
      await db.execute(sql`select pg_snapshot_xmin(${askedSince}::pg_snapshot) < horizon as needed from terminal_change_horizon`),
    );
    expect(fullReads - reads).toBe(needed ? 1 : 0);
    await db.execute(sql`update terminal set status = 4 where terminal_id in (select terminal_id from terminal where status = 2 order by terminal_id limit 2)`);
    await sameAnswer(admin, q);
    expect(fullReads - reads).toBe(needed ? 1 : 0);
    // A truncation: read once more, then changes after it are read as changes.
    await db.execute(sql`truncate terminal cascade`);
    expect(await sameAnswer(admin, { pageIndex: 1, pageSize: 10 })).toEqual({ count: 0, ids: [] });
    expect(fullReads - reads).toBe((needed ? 1 : 0) + 1);
    await db.insert(terminals).values({ sn: 'AFTER-1', family: 'rdc4m', name: 'after', model: 2, status: 4 });
    expect((await sameAnswer(admin, q)).count).toBe(1);
    expect(fullReads - reads).toBe((needed ? 1 : 0) + 1);
  });
});

/** Two transactions at once need two connections: PostgreSQL only (PGlite has one). */
describe.skipIf(!(await postgresAvailable()))('the terminal list fields in memory, beside a transaction [postgres]', () => {
  let database: Awaited<ReturnType<typeof openThrowawayPostgres>>;
  let other: pg.Client;
  beforeAll(async () => {
    database = await openThrowawayPostgres(PG_ADMIN_URL, 'list_index');
    other = new pg.Client({ connectionString: `postgres://postgres@${database.host}/${database.name}` });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await database?.close();
  });

  it('sees a change whose transaction was open when the copy was read, once it commits', async () => {
    const db = database.db;
    const ids = (await db.insert(terminals).values([1, 2, 3].map((i) => ({ sn: `TX-${i}`, family: 'rdc4m', name: `t${i}`, model: 2 }))).returning({ id: terminals.terminalId })).map((t) => t.id);
    const repo = new TerminalAdminRepository(db, () => undefined, 0, new TerminalListIndex(new TerminalChangeRepository(db)));
    const online = () => repo.page(admin, { pageIndex: 1, pageSize: 10, onlineState: 1 }).then((r) => r.list.map((t) => t.terminalId));
    expect(await online()).toEqual([]);
    // The transaction takes its id before the copy reads the changes, and commits after: the read could not see it.
    await other.query('begin');
    await other.query('update terminal set online_state = 1 where terminal_id = $1', [ids[1]]);
    expect(await online()).toEqual([]);
    await db.insert(terminals).values({ sn: 'TX-4', family: 'rdc4m', name: 't4', model: 2 });
    expect(await online()).toEqual([]);
    await other.query('commit');
    expect(await online()).toEqual([ids[1]]);
    // A rolled-back change never shows.
    await other.query('begin');
    await other.query('update terminal set online_state = 1 where terminal_id = $1', [ids[2]]);
    await other.query('rollback');
    expect(await online()).toEqual([ids[1]]);
  });

  it('reads only the changes while an older transaction stays open across a pruning', async () => {
    const db = database.db;
    const changes = new TerminalChangeRepository(db);
    let fullReads = 0;
    const readAll = changes.all.bind(changes);
    changes.all = () => (fullReads++, readAll());
    const repo = new TerminalAdminRepository(db, () => undefined, 0, new TerminalListIndex(changes));
    const named = (name: string) => repo.page(admin, { pageIndex: 1, pageSize: 10, name }).then((r) => r.count);
    expect(await named('held')).toBe(0);
    // An idle transaction holding an id (a long report, a forgotten psql session) keeps every snapshot's xmin at it.
    await other.query('begin');
    await other.query('select pg_current_xact_id()');
    await changes.prune();
    await changes.prune();
    for (let i = 1; i <= 3; i++) {
      await db.insert(terminals).values({ sn: `HELD-${i}`, family: 'rdc4m', name: `held ${i}`, model: 2 });
      expect(await named('held')).toBe(i);
    }
    await other.query('commit');
    expect(fullReads).toBe(1);
  });
});
