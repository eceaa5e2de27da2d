import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { compiledRows } from '../src/db/compiled-rows.js';
import { prepared } from '../src/db/prepared.js';
import { departments, heartbeats, terminals } from '../src/db/schema/index.js';
import { describeEachEngine } from './support/each-engine.js';
import { openTestDatabase } from './support/engines.js';

/**
 * db/compiled-rows.ts maps a prepared select's rows as drizzle's own mapping does: every kind of field (columns of
 * several types, SQL with and without `mapWith`, an aliased SQL), nulls included, in the order of the selection.
 */
describeEachEngine('compiled row mapping', (engine) => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    const { db } = database;
    await db.insert(terminals).values([
      { sn: 'CR-1', family: 'rdc4m', name: 'One', model: 2, deptId: null, lng: 121.5, lat: 31.2, lastSeenAt: new Date('2026-05-01T10:20:30.456Z') },
      { sn: 'CR-2', family: 'rdc4m', name: 'Two', model: 1, deptId: null, installDate: '2026-04-02' },
    ]);
  });
  afterAll(async () => database?.close());

  it('gives the rows drizzle gives, field by field', async () => {
    const { db } = database;
    const [one] = await db.select({ id: terminals.terminalId }).from(terminals).where(eq(terminals.sn, 'CR-1'));
    await db.insert(heartbeats).values({ terminalId: one.id, mid: 'm1', ts: new Date('2026-05-01T10:20:00.000Z'), model: 2, dim: 40, on: true });
    const fields = {
      ...{ terminalId: terminals.terminalId, sn: terminals.sn, lng: terminals.lng, lastSeenAt: terminals.lastSeenAt, installDate: terminals.installDate, locked: terminals.locked, createdAt: terminals.createdAt },
      twice: sql<number>`${terminals.terminalId} * 2`,
      seen: sql`(select max(ts) from heartbeat h where h.terminal_id = "terminal"."terminal_id")`.mapWith(heartbeats.ts),
      label: sql<string>`upper(${terminals.name})`.as('label'),
    };
    const query = () => db.select(fields).from(terminals).where(sql`${terminals.sn} like 'CR-%'`).orderBy(terminals.terminalId);
    const theirs = await query().prepare('compiled_rows_theirs').execute();
    const ours = await compiledRows(query().prepare('compiled_rows_ours'), fields).execute();
    expect(theirs).toHaveLength(2);
    expect(ours).toEqual(theirs);
    expect(ours.map((r) => Object.keys(r))).toEqual(theirs.map((r) => Object.keys(r)));
    expect(ours[0].lastSeenAt).toEqual(new Date('2026-05-01T10:20:30.456Z'));
    expect(ours[0].seen).toEqual(new Date('2026-05-01T10:20:00.000Z'));
    expect(ours[1]).toMatchObject({ sn: 'CR-2', lng: null, lastSeenAt: null, seen: null, installDate: '2026-04-02', label: 'TWO' });
  });

  it('leaves what prepared() runs as drizzle gives it: a flat selection, and a join without one (nested rows)', async () => {
    const { db } = database;
    const flat = () => db.select().from(terminals).where(sql`${terminals.sn} like 'CR-%'`).orderBy(terminals.terminalId);
    expect(await prepared(flat())).toEqual(await flat());
    const nested = () =>
      db.select().from(terminals).leftJoin(departments, eq(departments.deptId, terminals.deptId)).where(sql`${terminals.sn} like 'CR-%'`).orderBy(terminals.terminalId);
    const rows = await prepared(nested());
    expect(rows).toEqual(await nested());
    expect(rows[0]).toMatchObject({ terminal: { sn: 'CR-1' }, sys_dept: null });
  });

  it('refuses a nested selection, which it does not map', () => {
    expect(() => compiledRows({}, { t: { id: terminals.terminalId } })).toThrow(/"t" is neither a column nor SQL/);
  });
});
