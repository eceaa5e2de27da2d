import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { compiledRows } from '../../db/compiled-rows.js';
import { RECENT_WINDOW_MS } from '../../db/paging.js';
import { idArray } from '../../db/sql-rows.js';
import { isoOf } from '../../db/iso-timestamp.js';
import { terminals } from '../../db/schema/index.js';
import { joinNames, terminalColumns, type TerminalRow } from './terminal-columns.js';

/**
 * A listed terminal: its row with its times as ISO text (db/iso-timestamp.ts), and the lamp state of its latest
 * reading of the last day (null when it sent none).
 */
export type TerminalListRow = Omit<TerminalRow, 'lastSeenAt' | 'createdAt' | 'updatedAt'> & {
  lastSeenAt: string | null;
  createdAt: string;
  updatedAt: string;
  lampOn: boolean | null;
  lampDim: number | null;
  lampAt: string | null;
};

/**
 * A list page's rows by id, in the order of the ids, each with the lamp state of its latest reading since
 * RECENT_WINDOW_MS ago and up to the clock skew the gateway accepts ahead of now (DEVICE_CLOCK_SKEW_S; nothing later
 * is ever stored): the planner prunes every day partition outside that window when it runs, the days ahead included. One statement, built and
 * prepared once under a fixed name: a page costs neither rendering 36 columns and three joins (the largest item of
 * the server's CPU for a page) nor planning them (PostgreSQL keeps the generic plan), and the lamp states come with
 * the rows instead of in a second round trip; its rows are mapped by `compiledRows`. The ids come from whatever
 * filtered and paged them.
 */
export class TerminalListRows {
  private statement?: ReturnType<TerminalListRows['build']>;

  constructor(
    private readonly db: Db,
    /** How far ahead of now a stored reading can be stamped (DEVICE_CLOCK_SKEW_S, in ms). */
    private readonly skewMs: number,
  ) {}

  async read(ids: number[]): Promise<TerminalListRow[]> {
    if (ids.length === 0) return [];
    this.statement ??= this.build();
    const now = Date.now();
    const window = { since: new Date(now - RECENT_WINDOW_MS).toISOString(), until: new Date(now + this.skewMs).toISOString() };
    return (await this.statement.execute({ ids: idArray(ids), ...window })) as TerminalListRow[];
  }

  private build() {
    const page = sql`unnest(${sql.placeholder('ids')}::int[]) with ordinality as page(id, n)
      left join lateral (select "on", dim, ts from heartbeat where terminal_id = page.id and ts >= ${sql.placeholder('since')}::timestamptz and ts <= ${sql.placeholder('until')}::timestamptz
        order by ts desc limit 1) lamp on true`;
    const times = { lastSeenAt: isoOf(terminals.lastSeenAt), createdAt: isoOf(terminals.createdAt), updatedAt: isoOf(terminals.updatedAt) };
    const fields = { ...terminalColumns, ...times, lampOn: sql<boolean | null>`lamp."on"`, lampDim: sql<number | null>`lamp.dim`, lampAt: isoOf(sql`lamp.ts`) };
    const query = this.db.select(fields).from(page).innerJoin(terminals, eq(terminals.terminalId, sql`page.id`)).$dynamic();
    return compiledRows(joinNames(query).orderBy(sql`page.n`).prepare('terminal_list_rows'), fields);
  }
}
