import type { Db } from '../db/client.js';
import { deviceEvents, heartbeats } from '../db/schema/index.js';

export type HeartbeatRow = typeof heartbeats.$inferInsert;
export type EventRow = typeof deviceEvents.$inferInsert;

const key = (r: { terminalId: number; mid: string }) => `${r.terminalId}/${r.mid}`;

/** Multi-row inserts of readings and events; a repeated (terminal, mid) is skipped, not an error. */
export class ReadingRepository {
  constructor(private readonly db: Db) {}

  /** Returns, for each row, whether it was new. */
  async insertHeartbeats(rows: HeartbeatRow[]): Promise<boolean[]> {
    const stored = await this.db
      .insert(heartbeats)
      .values(rows)
      .onConflictDoNothing({ target: [heartbeats.terminalId, heartbeats.mid] })
      .returning({ terminalId: heartbeats.terminalId, mid: heartbeats.mid });
    return newFlags(rows, stored);
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
