import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Database, Db } from '../src/db/client.js';
import { rowsOf } from '../src/db/sql-rows.js';
import { partitionName } from '../src/fleet/partition-day-domain.js';
import { ensurePartitions } from '../src/fleet/partitions.js';
import { silentLog } from '../src/gateway/device-transport.js';
import { PartitionStatistics } from '../src/gateway/partition-statistics.js';
import { ReadingRepository, REPEATED_MID_WINDOW_MS, type HeartbeatRecord } from '../src/gateway/reading-repository.js';
import { describeEachEngine } from './support/each-engine.js';
import { openTestDatabase } from './support/engines.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
// Days of their own, ahead of anything other tests write; noon, so a few hours either way stay in the day.
const today = Math.floor(Date.now() / DAY) * DAY;
const NOON = today + 5 * DAY + 12 * HOUR;
const PLAN_NOON = NOON + 3 * DAY;
const UNANALYZED_NOON = PLAN_NOON + DAY;
const partitionOf = (ms: number) => partitionName('heartbeat', new Date(ms));

const reading = (terminal: number, mid: string, ts: number): HeartbeatRecord => ({
  terminal_id: terminal, mid, ts: new Date(ts).toISOString(), model: 2, energy_kwh: 1,
  voltage_a: 220, current_a: 0.5, power_a: 0.1, power_factor: 0.9, on: true, extra: {},
});

interface PlanNode { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Rows Removed by Filter'?: number; Plans?: PlanNode[] }
const nodesOf = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodesOf)];

describeEachEngine('the repeated-mid check of stored readings', (engine) => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    db = database.db;
    await ensurePartitions(db, new Date(NOON - 3 * DAY), new Date(UNANALYZED_NOON + 2 * DAY));
  });
  afterAll(() => database.close());

  it('drops a mid its terminal sent within the window, and nothing else', async () => {
    const repo = new ReadingRepository(db);
    expect(await repo.insertHeartbeats([reading(1, 'a', NOON)])).toEqual([true]);
    expect(await repo.insertHeartbeats([reading(1, 'a', NOON + REPEATED_MID_WINDOW_MS - 1000)])).toEqual([false]);
    expect(await repo.insertHeartbeats([reading(1, 'a', NOON - REPEATED_MID_WINDOW_MS + 1000)])).toEqual([false]);
    // Neighbours in the unique key's order: another terminal, another mid, a mid that sorts next to it.
    const neighbours = [reading(2, 'a', NOON), reading(0, 'a', NOON), reading(1, 'b', NOON), reading(1, 'A', NOON), reading(1, 'a ', NOON), reading(1, '', NOON)];
    expect(await repo.insertHeartbeats(neighbours)).toEqual(neighbours.map(() => true));
    // The same mid a day and more later is a new reading (the mid counter came round).
    expect(await repo.insertHeartbeats([reading(1, 'a', NOON + REPEATED_MID_WINDOW_MS + 1000)])).toEqual([true]);
    const stored = rowsOf<{ n: string }>(await db.execute(sql`select count(*) as n from heartbeat where ts between ${new Date(NOON - 2 * DAY)} and ${new Date(NOON + 2 * DAY)}`));
    expect(Number(stored[0].n)).toBe(1 + neighbours.length + 1);
  });

  it('probes the unique key for each reading, even where the statistics were taken when each terminal had one', async () => {
    const name = partitionOf(PLAN_NOON);
    if (engine === 'postgres') await db.execute(sql`alter table ${sql.identifier(name)} set (autovacuum_enabled = false)`);
    // Analyzed young, as the gateway does after the day's first readings: every terminal seen once.
    await db.execute(sql`
      insert into heartbeat (terminal_id, mid, ts, model)
      select g, 'first', ${new Date(PLAN_NOON - HOUR)}::timestamptz, 2 from generate_series(1, 300) g`);
    await db.execute(sql`analyze ${sql.identifier(name)}`);
    // Then the day goes on: terminals 1-5 send 80 readings each.
    await db.execute(sql`
      insert into heartbeat (terminal_id, mid, ts, model)
      select 1 + g % 5, 'later-' || g, ${new Date(PLAN_NOON)}::timestamptz + g * interval '1 second', 2 from generate_series(1, 400) g`);

    const probe = await checkProbe(db, name, [3, 4, 5].map((t) => reading(t, `new-${t}`, PLAN_NOON + HOUR)));
    expectUniqueKeyProbe(probe);
  });

  it("analyzes a day filled without statistics at the gateway's first reading into it, so its checks probe the unique key", async () => {
    const name = partitionOf(UNANALYZED_NOON);
    if (engine === 'postgres') await db.execute(sql`alter table ${sql.identifier(name)} set (autovacuum_enabled = false)`);
    // Written as the demo's past week is: many readings, no statistics.
    await db.execute(sql`
      insert into heartbeat (terminal_id, mid, ts, model)
      select 1 + g % 5, 'demo-' || g, ${new Date(UNANALYZED_NOON - 6 * HOUR)}::timestamptz + g * interval '10 seconds', 2 from generate_series(1, 2000) g`);
    const analyzed = async () => Number(rowsOf<{ n: string }>(await db.execute(sql`select count(*) as n from pg_stats where tablename = ${name}`))[0].n) > 0;
    expect(await analyzed()).toBe(false);

    // The gateway's wiring (gateway.ts): each stored batch is told to the partition statistics.
    const repo = new ReadingRepository(db);
    const statistics = new PartitionStatistics((table, day) => repo.analyzeIfNoStatistics(table, day), silentLog);
    const first = [reading(1, 'live-1', UNANALYZED_NOON)];
    await repo.insertHeartbeats(first);
    statistics.wrote('heartbeat', first.map((r) => Date.parse(r.ts)));
    await vi.waitFor(async () => expect(await analyzed()).toBe(true));

    expectUniqueKeyProbe(await checkProbe(db, name, [2, 3, 4].map((t) => reading(t, `live-${t}`, UNANALYZED_NOON + HOUR))));
  });
});

/** The plan of the check for `rows`, run (explain analyze): the node that probes `partition`. */
async function checkProbe(db: Db, partition: string, rows: HeartbeatRecord[]): Promise<PlanNode> {
  let plan: PlanNode | undefined;
  const explaining = { execute: async (q: SQL) => {
    const [row] = rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(await db.execute(sql`explain (analyze, format json) ${q}`));
    const p = row['QUERY PLAN'];
    plan = (typeof p === 'string' ? JSON.parse(p) : p)[0].Plan;
    return { rows: [] };
  } } as unknown as Db;
  await new ReadingRepository(explaining).insertHeartbeats(rows);
  const probes = nodesOf(plan!).filter((n) => n['Relation Name'] === partition);
  expect(probes).toHaveLength(1);
  return probes[0];
}

// The unique key (terminal, mid, ts) finds the mid at once; (terminal, ts) walks the terminal's readings, a scan all of them.
function expectUniqueKeyProbe(probe: PlanNode) {
  expect({ node: probe['Node Type'], index: probe['Index Name'], removed: probe['Rows Removed by Filter'] ?? 0 })
    .toEqual({ node: expect.stringMatching(/^Index/), index: expect.stringMatching(/terminal_id_mid_ts/), removed: 0 });
}
