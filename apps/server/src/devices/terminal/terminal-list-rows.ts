import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Terminal } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { compiledRows } from '../../db/compiled-rows.js';
import { RECENT_WINDOW_MS } from '../../db/paging.js';
import { idArray } from '../../db/sql-rows.js';
import { isoOf } from '../../db/iso-timestamp.js';
import { terminals } from '../../db/schema/index.js';
import { joinNames, terminalColumns } from './terminal-columns.js';

/**
 * A listed terminal: its API fields as JSON text written by PostgreSQL (all but those JavaScript adds: the position,
 * the zone found from it, the lamp state), the sources of those, and the lamp state of its latest reading of the last
 * day (null when it sent none).
 */
export interface TerminalListRow {
  terminalId: number;
  /** A JSON object of the fields in `WRITTEN`. */
  json: string;
  lng: number | null;
  lat: number | null;
  timeZone: string | null;
  deptZone: string | null;
  lampOn: boolean | null;
  lampDim: number | null;
  lampAt: string | null;
}

/** A timestamptz as `Date#toISOString` writes it (milliseconds truncated, as the driver's Date would be). */
const isoText = (column: SQLWrapper) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The API fields PostgreSQL writes; `satisfies` below fails to compile when Terminal gains a field that is in neither list. */
const c = terminalColumns;
const WRITTEN = {
  terminalId: c.terminalId, sn: c.sn, family: c.family, name: c.name, model: c.model, manufacturer: c.manufacturer, imsi: c.imsi,
  enterpriseId: c.enterpriseId, enterpriseName: c.enterpriseName, deptId: c.deptId, deptName: c.deptName, area: c.area,
  boxId: c.boxId, boxName: c.boxName, address: c.address, registerState: c.registerState, onlineState: c.onlineState,
  status: c.status, locked: c.locked, controlMode: c.controlMode, phases: c.phases, loops: c.loops, installDate: c.installDate,
  firmware: c.firmware, heartbeatS: c.heartbeatS, ratedPowerW: c.ratedPowerW, timeZone: c.timeZone,
  lastSeenAt: isoText(c.lastSeenAt), remark: c.remark, createdAt: isoText(c.createdAt), updatedAt: isoText(c.updatedAt),
} satisfies Record<Exclude<keyof Terminal, 'lng' | 'lat' | 'zone'>, unknown>;

/**
 * A list page's rows by id, in the order of the ids, each with the lamp state of its latest reading since
 * RECENT_WINDOW_MS ago and up to the clock skew the gateway accepts ahead of now (DEVICE_CLOCK_SKEW_S; nothing later
 * is ever stored): the planner prunes every day partition outside that window when it runs, the days ahead included. One statement, built and
 * prepared once under a fixed name: a page costs neither rendering 36 columns and three joins nor planning them
 * (PostgreSQL keeps the generic plan), and the lamp states come with the rows instead of in a second round trip.
 * PostgreSQL writes each row's fields as JSON: the driver parsing 2,000 cells, the objects made of them and
 * `JSON.stringify` of the page were most of a 50-row page's server CPU. The ids come from whatever filtered and paged them.
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
    const written = sql.join(Object.entries(WRITTEN).map(([key, value]) => sql`${value} as ${sql.identifier(key)}`), sql`, `);
    const fields = {
      terminalId: c.terminalId,
      json: sql<string>`(select row_to_json(j)::text from (select ${written}) j)`,
      lng: c.lng, lat: c.lat, timeZone: c.timeZone, deptZone: c.deptZone,
      lampOn: sql<boolean | null>`lamp."on"`, lampDim: sql<number | null>`lamp.dim`, lampAt: isoOf(sql`lamp.ts`),
    };
    const query = this.db.select(fields).from(page).innerJoin(terminals, eq(terminals.terminalId, sql`page.id`)).$dynamic();
    return compiledRows(joinNames(query).orderBy(sql`page.n`).prepare('terminal_list_json'), fields);
  }
}
