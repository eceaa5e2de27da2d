import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/sql-rows.js';

/** One instance's report (gateway_read_progress). */
export interface ReadProgressRow {
  readerId: string;
  caughtUpTo: Date;
  reportedAt: Date;
  holdMs: number;
}

/** Where the instances' read progress is shared: the database, which every instance and the sweep see. */
export interface ReadProgressStore {
  report(row: ReadProgressRow): Promise<void>;
  list(): Promise<ReadProgressRow[]>;
  /** Removes the rows of instances gone for good, unless they reported again since. */
  remove(rows: ReadProgressRow[]): Promise<void>;
  /** The longest heartbeat interval of a terminal in service, in seconds. */
  longestHeartbeatS(): Promise<number>;
}

export class ReadProgressRepository implements ReadProgressStore {
  constructor(private readonly db: Db) {}

  async report(r: ReadProgressRow): Promise<void> {
    await this.db.execute(sql`
      insert into gateway_read_progress (reader_id, caught_up_to, reported_at, hold_ms)
      values (${r.readerId}, ${r.caughtUpTo.toISOString()}::timestamptz, ${r.reportedAt.toISOString()}::timestamptz, ${r.holdMs})
      on conflict (reader_id) do update set caught_up_to = excluded.caught_up_to, reported_at = excluded.reported_at, hold_ms = excluded.hold_ms`);
  }

  async list(): Promise<ReadProgressRow[]> {
    const rows = rowsOf<{ readerId: string; caughtUpTo: string | Date; reportedAt: string | Date; holdMs: number }>(
      await this.db.execute(sql`select reader_id as "readerId", caught_up_to as "caughtUpTo", reported_at as "reportedAt", hold_ms as "holdMs" from gateway_read_progress`),
    );
    return rows.map((r) => ({ readerId: r.readerId, caughtUpTo: new Date(r.caughtUpTo), reportedAt: new Date(r.reportedAt), holdMs: Number(r.holdMs) }));
  }

  async remove(rows: ReadProgressRow[]): Promise<void> {
    for (const r of rows) {
      await this.db.execute(sql`delete from gateway_read_progress where reader_id = ${r.readerId} and reported_at = ${r.reportedAt.toISOString()}::timestamptz`);
    }
  }

  async forget(readerId: string): Promise<void> {
    await this.db.execute(sql`delete from gateway_read_progress where reader_id = ${readerId}`);
  }

  async longestHeartbeatS(): Promise<number> {
    const [row] = rowsOf<{ s: number | null }>(await this.db.execute(sql`select max(heartbeat_s) as s from terminal where status <> 5`));
    return Number(row?.s ?? 0);
  }
}
