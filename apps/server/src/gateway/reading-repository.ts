import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { deviceEvents } from '../db/schema/index.js';
import { rowsOf } from '../db/sql-rows.js';
import { timeInText } from '../db/prepared.js';
import { partitionName } from '../fleet/partition-day-domain.js';

/** A heartbeat under the `heartbeat` table's column names, as json_populate_recordset reads it; a missing value stays null. */
export interface HeartbeatRecord {
  terminal_id: number;
  mid: string;
  /** ISO 8601. */
  ts: string;
  model: number;
  voltage_a: number; voltage_b?: number; voltage_c?: number;
  current_a: number; current_b?: number; current_c?: number;
  power_a: number; power_b?: number; power_c?: number;
  power_factor: number;
  energy_kwh: number;
  leakage_ma?: number;
  dim?: number;
  on: boolean;
  burn_hours?: number;
  temperature_c?: number | null;
  extra: object;
}
export type EventRow = typeof deviceEvents.$inferInsert;

const key = (terminalId: number, mid: string) => `${terminalId}/${mid}`;

/**
 * How far apart in `ts` two readings of one terminal with the same mid are still caught as one (ms). The
 * unique key holds `ts` (the tables are partitioned by it), so a resend stamped anew is looked for in the
 * partitions of this window only: looking in all of them would cost one index probe per day kept for every
 * row, and planning over every partition for every batch (docs/protocol.md §3, docs/performance.md).
 */
export const REPEATED_MID_WINDOW_MS = 86_400_000;

/** Multi-row inserts of readings and events; a repeated (terminal, mid) is skipped, not an error. */
export class ReadingRepository {
  constructor(private readonly db: Db) {}

  /**
   * Returns, for each row, whether it was new. The whole batch travels as one JSON parameter
   * expanded by json_populate_recordset: one short statement whatever the batch size, instead of
   * ~20 bound parameters per row (bench/ingest, docs/performance.md).
   */
  async insertHeartbeats(rows: HeartbeatRecord[]): Promise<boolean[]> {
    const keys = rows.map((r) => key(r.terminal_id, r.mid));
    const first = firstOfEach(rows, keys);
    const result = await this.db.execute(sql`
      insert into heartbeat (${sql.raw(COLUMNS)})
      select ${sql.raw(COLUMNS)} from json_populate_recordset(null::heartbeat, ${JSON.stringify(first)}::json) r
      where ${notStoredYet('heartbeat', first.map((r) => Date.parse(r.ts)))}
      on conflict (terminal_id, mid, ts) do nothing
      returning terminal_id, mid`);
    const stored = rowsOf<{ terminal_id: number; mid: string }>(result).map((r) => key(Number(r.terminal_id), r.mid));
    return newFlags(keys, stored);
  }

  async insertEvents(rows: EventRow[]): Promise<boolean[]> {
    const keys = rows.map((r) => key(r.terminalId, r.mid));
    const records = firstOfEach(rows, keys).map((r) => ({
      terminal_id: r.terminalId, mid: r.mid, event: r.event, state: r.state, value: r.value ?? null, loop: r.loop ?? null, phase: r.phase ?? null,
      ts: new Date(r.ts as Date).toISOString(), received_at: r.receivedAt ? new Date(r.receivedAt as Date).toISOString() : null,
    }));
    const result = await this.db.execute(sql`
      insert into device_event (terminal_id, mid, event, state, value, loop, phase, ts, received_at)
      select terminal_id, mid, event, state, value, loop, phase, ts, coalesce(received_at, now()) from json_populate_recordset(null::device_event, ${JSON.stringify(records)}::json) r
      where ${notStoredYet('device_event', records.map((r) => Date.parse(r.ts)))}
      on conflict (terminal_id, mid, ts) do nothing
      returning terminal_id, mid`);
    return newFlags(keys, rowsOf<{ terminal_id: number; mid: string }>(result).map((r) => key(Number(r.terminal_id), r.mid)));
  }

  /**
   * Analyzes `table`'s partition of `day` unless it has planner statistics already; returns whether it did. On
   * a partition without any (a new day's, until autovacuum comes round; PGlite never runs it) the planner
   * guesses, and the repeated-mid check of the inserts above scans every reading of the terminal that day,
   * or of the whole day, instead of probing the unique key (docs/performance.md, "Ingest").
   */
  async analyzeIfNoStatistics(table: ReadingTable, day: Date): Promise<boolean> {
    const name = partitionName(table, day);
    const result = await this.db.execute(sql`
      select to_regclass(${name}) is not null as present,
        exists (select 1 from pg_stats where schemaname = current_schema() and tablename = ${name}) as analyzed`);
    const { present, analyzed } = rowsOf<{ present: boolean; analyzed: boolean }>(result)[0];
    if (!present || analyzed) return false;
    await this.db.execute(sql`analyze ${sql.identifier(name)}`);
    return true;
  }
}

/** The tables whose rows this repository writes, each range-partitioned by UTC day (fleet/partitions.ts). */
export type ReadingTable = 'heartbeat' | 'device_event';

/**
 * No row of the same terminal and mid with a ts near this one: not a resend stamped anew (protocol §3). The
 * batch's whole range is spelt out as constants too, so the planner keeps only its few partitions.
 * Written as one row comparison, which only the unique key (terminal_id, mid, ts) can serve: with plain equalities the
 * planner chose by the partition's statistics, and those of a day analyzed young (every terminal seen once) made it
 * walk each terminal's readings of the day by (terminal_id, ts), or hash the whole partition; a nested loop of
 * unique-key probes is the only plan a row comparison leaves (docs/performance.md, "Ingest").
 */
function notStoredYet(table: 'heartbeat' | 'device_event', times: number[]) {
  const at = (ms: number) => timeInText(new Date(ms));
  const window = sql.raw(`interval '${REPEATED_MID_WINDOW_MS / 1000} seconds'`);
  return sql`not exists (
    select 1 from ${sql.raw(table)} s where (s.terminal_id, s.mid, s.ts) between (r.terminal_id, r.mid, r.ts - ${window}) and (r.terminal_id, r.mid, r.ts + ${window})
      and s.ts between ${at(Math.min(...times) - REPEATED_MID_WINDOW_MS)} and ${at(Math.max(...times) + REPEATED_MID_WINDOW_MS)})`;
}

// A mid repeated inside one batch is written once, in its first form (whatever its ts).
function firstOfEach<T>(rows: T[], keys: string[]): T[] {
  const seen = new Set<string>();
  return rows.filter((_, i) => !seen.has(keys[i]) && !!seen.add(keys[i]));
}

// Only a mid's first occurrence in the batch counts as new.
function newFlags(keys: string[], storedKeys: string[]) {
  const fresh = new Set(storedKeys);
  return keys.map((k) => fresh.delete(k));
}

const COLUMNS = [
  'terminal_id', 'mid', 'ts', 'model', 'voltage_a', 'voltage_b', 'voltage_c', 'current_a', 'current_b', 'current_c',
  'power_a', 'power_b', 'power_c', 'power_factor', 'energy_kwh', 'leakage_ma', 'dim', '"on"', 'burn_hours', 'temperature_c', 'extra',
].join(', ');
