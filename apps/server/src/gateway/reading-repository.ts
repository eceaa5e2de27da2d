import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { deviceEvents, heartbeats } from '../db/schema/index.js';
import { rowsOf } from './sql-rows.js';

export type HeartbeatRow = typeof heartbeats.$inferInsert;
export type EventRow = typeof deviceEvents.$inferInsert;

const key = (r: { terminalId: number; mid: string }) => `${r.terminalId}/${r.mid}`;

/** Multi-row inserts of readings and events; a repeated (terminal, mid) is skipped, not an error. */
export class ReadingRepository {
  constructor(private readonly db: Db) {}

  /**
   * Returns, for each row, whether it was new. The whole batch travels as one JSON parameter
   * expanded by json_populate_recordset: one short statement whatever the batch size, instead of
   * ~20 bound parameters per row (bench/ingest, docs/performance.md).
   */
  async insertHeartbeats(rows: HeartbeatRow[]): Promise<boolean[]> {
    const json = JSON.stringify(rows.map(toRecord));
    const result = await this.db.execute(sql`
      insert into heartbeat (${sql.raw(COLUMNS)})
      select ${sql.raw(COLUMNS)} from json_populate_recordset(null::heartbeat, ${json}::json)
      on conflict (terminal_id, mid) do nothing
      returning terminal_id, mid`);
    return newFlags(rows, rowsOf<{ terminal_id: number; mid: string }>(result).map((r) => ({ terminalId: Number(r.terminal_id), mid: r.mid })));
  }

  async insertEvents(rows: EventRow[]): Promise<boolean[]> {
    const stored = await this.db
      .insert(deviceEvents)
      .values(rows)
      .onConflictDoNothing({ target: [deviceEvents.terminalId, deviceEvents.mid] })
      .returning({ terminalId: deviceEvents.terminalId, mid: deviceEvents.mid });
    return newFlags(rows, stored);
  }
}

// A mid repeated inside one batch is inserted once: only its first occurrence counts as new.
function newFlags(rows: Array<{ terminalId: number; mid: string }>, stored: Array<{ terminalId: number; mid: string }>) {
  const fresh = new Set(stored.map(key));
  return rows.map((r) => fresh.delete(key(r)));
}

const COLUMNS = [
  'terminal_id', 'mid', 'ts', 'model', 'voltage_a', 'voltage_b', 'voltage_c', 'current_a', 'current_b', 'current_c',
  'power_a', 'power_b', 'power_c', 'power_factor', 'energy_kwh', 'leakage_ma', 'dim', '"on"', 'burn_hours', 'temperature_c', 'extra',
].join(', ');

// The heartbeat row under its column names; a missing value stays null (received_at takes its default).
function toRecord(r: HeartbeatRow) {
  return {
    terminal_id: r.terminalId, mid: r.mid, ts: r.ts instanceof Date ? r.ts.toISOString() : r.ts, model: r.model,
    voltage_a: r.voltageA, voltage_b: r.voltageB, voltage_c: r.voltageC,
    current_a: r.currentA, current_b: r.currentB, current_c: r.currentC,
    power_a: r.powerA, power_b: r.powerB, power_c: r.powerC, power_factor: r.powerFactor,
    energy_kwh: r.energyKwh, leakage_ma: r.leakageMa, dim: r.dim, on: r.on, burn_hours: r.burnHours,
    temperature_c: r.temperatureC, extra: r.extra,
  };
}
