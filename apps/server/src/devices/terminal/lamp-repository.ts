import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../gateway/sql-rows.js';

export interface LampRow {
  terminal_id: number;
  on: boolean | null;
  dim: number | null;
  ts: Date | string;
}

/** The latest heartbeat's lamp state of a page of terminals: one index probe per terminal. */
export class LampRepository {
  constructor(private readonly db: Db) {}

  async latest(ids: number[]): Promise<LampRow[]> {
    if (ids.length === 0) return [];
    const list = sql.join(ids.map((id) => sql`${id}::int`), sql`, `);
    const result = await this.db.execute(sql`
      select t.id as terminal_id, h."on", h.dim, h.ts
      from unnest(array[${list}]) as t(id)
      cross join lateral (select "on", dim, ts from heartbeat where terminal_id = t.id order by ts desc limit 1) h`);
    return rowsOf<LampRow>(result);
  }
}
