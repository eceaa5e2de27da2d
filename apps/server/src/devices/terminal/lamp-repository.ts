import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { RECENT_WINDOW_MS } from '../../db/paging.js';
import { idArray } from '../../db/sql-rows.js';
import { heartbeats } from '../../db/schema/index.js';

export interface LampRow {
  terminal_id: number;
  on: boolean | null;
  dim: number | null;
  ts: Date | string;
}

/**
 * The latest heartbeat's lamp state of a page of terminals: one index probe per terminal. The last
 * day's partitions are asked first (the planner prunes every older one); only the terminals silent
 * for longer are looked up over all of them. Both statements are built once and prepared under fixed
 * names: node-postgres parses each once per connection and PostgreSQL keeps its plan (a 50-row page:
 * 0.9 -> 0.4 ms of PostgreSQL CPU over 34 day partitions, docs/performance.md), and no page builds
 * their SQL again. PGlite runs them as any other query.
 */
export class LampRepository {
  private readonly recent;
  private readonly any;

  constructor(db: Db) {
    const ids = sql`unnest(${sql.placeholder('ids')}::int[]) as t(id)`;
    const columns = { terminal_id: sql<number>`t.id`, on: sql<boolean | null>`h."on"`, dim: sql<number | null>`h.dim`, ts: sql`h.ts`.mapWith(heartbeats.ts) };
    this.recent = db
      .select(columns)
      .from(sql`${ids} cross join lateral (select "on", dim, ts from heartbeat where terminal_id = t.id and ts >= ${sql.placeholder('since')}::timestamptz order by ts desc limit 1) h`)
      .prepare('terminal_lamps_recent');
    this.any = db
      .select(columns)
      .from(sql`${ids} cross join lateral (select "on", dim, ts from heartbeat where terminal_id = t.id order by ts desc limit 1) h`)
      .prepare('terminal_lamps_any');
  }

  async latest(ids: number[]): Promise<LampRow[]> {
    if (ids.length === 0) return [];
    const recent: LampRow[] = await this.recent.execute({ ids: idArray(ids), since: new Date(Date.now() - RECENT_WINDOW_MS).toISOString() });
    const found = new Set(recent.map((r) => r.terminal_id));
    const silent = ids.filter((id) => !found.has(id));
    return silent.length ? [...recent, ...((await this.any.execute({ ids: idArray(silent) })) as LampRow[])] : recent;
  }
}
