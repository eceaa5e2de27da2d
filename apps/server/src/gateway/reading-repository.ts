import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { deviceEvents } from '../db/schema/index.js';
import { rowsOf } from './sql-rows.js';

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

/** Multi-row inserts of readings and events; a repeated (terminal, mid) is skipped, not an error. */
export class ReadingRepository {
  constructor(private readonly db: Db) {}

  /**
   * Returns, for each row, whether it was new. The whole batch travels as one JSON parameter
   * expanded by json_populate_recordset: one short statement whatever the batch size, instead of
   * ~20 bound parameters per row (bench/ingest, docs/performance.md).
   */
  async insertHeartbeats(rows: HeartbeatRecord[]): Promise<boolean[]> {
    const json = JSON.stringify(rows);
    const result = await this.db.execute(sql`
      insert into heartbeat (${sql.raw(COLUMNS)})
      select ${sql.raw(COLUMNS)} from json_populate_recordset(null::heartbeat, ${json}::json)
      on conflict (terminal_id, mid, ts) do nothing
      returning terminal_id, mid`);
    const stored = rowsOf<{ terminal_id: number; mid: string }>(result).map((r) => key(Number(r.terminal_id), r.mid));
    return newFlags(rows.map((r) => key(r.terminal_id, r.mid)), stored);
  }

  async insertEvents(rows: EventRow[]): Promise<boolean[]> {
    const stored = await this.db
      .insert(deviceEvents)
      .values(rows)
      .onConflictDoNothing({ target: [deviceEvents.terminalId, deviceEvents.mid, deviceEvents.ts] })
      .returning({ terminalId: deviceEvents.terminalId, mid: deviceEvents.mid });
    return newFlags(rows.map((r) => key(r.terminalId, r.mid)), stored.map((r) => key(r.terminalId, r.mid)));
  }
}

// A mid repeated inside one batch is inserted once: only its first occurrence counts as new.
function newFlags(keys: string[], storedKeys: string[]) {
  const fresh = new Set(storedKeys);
  return keys.map((k) => fresh.delete(k));
}

const COLUMNS = [
  'terminal_id', 'mid', 'ts', 'model', 'voltage_a', 'voltage_b', 'voltage_c', 'current_a', 'current_b', 'current_c',
  'power_a', 'power_b', 'power_c', 'power_factor', 'energy_kwh', 'leakage_ma', 'dim', '"on"', 'burn_hours', 'temperature_c', 'extra',
].join(', ');
