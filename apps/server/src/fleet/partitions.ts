import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/sql-rows.js';

/** The tables range-partitioned by UTC day (migration 0008), with their time column and retention kind. */
export const PARTITIONED = [
  { table: 'heartbeat', column: 'ts', kind: 'heartbeat' },
  { table: 'device_event', column: 'ts', kind: 'event' },
  { table: 'terminal_log', column: 'created_at', kind: 'log' },
] as const;
export type PartitionedTable = (typeof PARTITIONED)[number]['table'];
export type RetentionKind = (typeof PARTITIONED)[number]['kind'];

const DAY_MS = 86_400_000;
const utcDay = (d: Date) => new Date(Math.floor(d.getTime() / DAY_MS) * DAY_MS);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** `heartbeat_p20261123` → 2026-11-23 (UTC midnight). */
const dayOf = (name: string) => {
  const m = /_p(\d{4})(\d{2})(\d{2})$/.exec(name);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : undefined;
};

/**
 * Creates every table's daily partitions from `from` to `to` (UTC days, both included); an existing
 * one is left alone. Returns how many were created.
 */
export async function ensurePartitions(db: Db, from: Date, to: Date): Promise<number> {
  let created = 0;
  for (const { table, column } of PARTITIONED) {
    for (let day = utcDay(from); day <= to; day = new Date(day.getTime() + DAY_MS)) {
      const result = await db.execute(sql`select sl_partition_day(${table}, ${column}, ${isoDay(day)}::date) as created`);
      if (rowsOf<{ created: boolean }>(result)[0]?.created) created++;
    }
  }
  return created;
}

/** Today and the next `aheadDays` days: run at start and daily, so the ingest never writes into the default partition. */
export const ensureAhead = (db: Db, now: Date, aheadDays: number) => ensurePartitions(db, now, new Date(now.getTime() + aheadDays * DAY_MS));

/** The daily partitions of `table`, oldest first. */
export async function partitionsOf(db: Db, table: PartitionedTable): Promise<Array<{ name: string; day: Date }>> {
  const result = await db.execute(sql`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = to_regclass(${table}) order by c.relname`);
  return rowsOf<{ name: string }>(result).flatMap(({ name }) => {
    const day = dayOf(name);
    return day ? [{ name, day }] : [];
  });
}

/**
 * Drops the partitions of `table` whose whole day lies before `cutoff` (a whole partition at a time: no
 * row-by-row delete, no bloat), and deletes the default partition's rows older than it. Returns the dropped names.
 */
export async function dropBefore(db: Db, table: PartitionedTable, cutoff: Date): Promise<string[]> {
  const column = PARTITIONED.find((p) => p.table === table)!.column;
  const dropped: string[] = [];
  for (const { name, day } of await partitionsOf(db, table)) {
    if (day.getTime() + DAY_MS > cutoff.getTime()) continue;
    await db.execute(sql`drop table if exists ${sql.identifier(name)}`);
    dropped.push(name);
  }
  await db.execute(sql`delete from ${sql.identifier(`${table}_default`)} where ${sql.identifier(column)} < ${cutoff}`);
  return dropped;
}
