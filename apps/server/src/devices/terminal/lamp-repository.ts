import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { idArray } from '../../db/sql-rows.js';
import { isoOf } from '../../db/iso-timestamp.js';

export interface LampRow {
  terminal_id: number;
  on: boolean | null;
  dim: number | null;
  /** ISO text (db/iso-timestamp.ts). */
  ts: string;
}

/**
 * The latest heartbeat's lamp state of terminals silent for the last day (the list's own statement has the others,
 * terminal-list-rows.ts): one index probe per terminal over every day partition, newest first. Built once and prepared
 * under a fixed name: node-postgres parses it once per connection, PostgreSQL keeps its plan and no page builds its
 * SQL again (a 50-row page: 0.9 -> 0.4 ms of PostgreSQL CPU over 34 day partitions, docs/performance.md). PGlite runs
 * it as any other query.
 */
export class LampRepository {
  private readonly any;

  constructor(db: Db) {
    this.any = db
      .select({ terminal_id: sql<number>`t.id`, on: sql<boolean | null>`h."on"`, dim: sql<number | null>`h.dim`, ts: isoOf(sql`h.ts`) })
      .from(sql`unnest(${sql.placeholder('ids')}::int[]) as t(id) cross join lateral (select "on", dim, ts from heartbeat where terminal_id = t.id order by ts desc limit 1) h`)
      .prepare('terminal_lamps_any');
  }

  async latest(ids: number[]): Promise<LampRow[]> {
    return ids.length === 0 ? [] : ((await this.any.execute({ ids: idArray(ids) })) as LampRow[]);
  }
}
