import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { RECENT_WINDOW_MS } from '../../db/paging.js';
import { rowsOf } from '../../db/sql-rows.js';

export interface LampRow {
  terminal_id: number;
  on: boolean | null;
  dim: number | null;
  ts: Date | string;
}

/**
 * The latest heartbeat's lamp state of a page of terminals: one index probe per terminal. The last
 * day's partitions are asked first (the planner prunes every older one); only the terminals silent
 * for longer are looked up over all of them.
 */
export class LampRepository {
  constructor(private readonly db: Db) {}

  async latest(ids: number[]): Promise<LampRow[]> {
    if (ids.length === 0) return [];
    const recent = await this.query(ids, new Date(Date.now() - RECENT_WINDOW_MS));
    const found = new Set(recent.map((r) => r.terminal_id));
    const silent = ids.filter((id) => !found.has(id));
    return silent.length ? [...recent, ...(await this.query(silent))] : recent;
  }

  private async query(ids: number[], since?: Date): Promise<LampRow[]> {
    const list = sql.join(ids.map((id) => sql`${id}::int`), sql`, `);
    const result = await this.db.execute(sql`
      select t.id as terminal_id, h."on", h.dim, h.ts
      from unnest(array[${list}]) as t(id)
      cross join lateral (select "on", dim, ts from heartbeat where terminal_id = t.id ${since ? sql`and ts >= ${since.toISOString()}::timestamptz` : sql``} order by ts desc limit 1) h`);
    return rowsOf<LampRow>(result);
  }
}
