import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { DeviceRecordQuery, TerminalLogKind } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { PreparedShapes } from '../../db/prepared.js';
import { deviceEvents, terminalLogs, terminals } from '../../db/schema/index.js';
import type { Principal } from '../../system/access/principal.js';
import { recordShape, recordWhere, shapedRecordPage, terminalRef } from './records.js';

export interface DeviceLogEntry {
  kind: TerminalLogKind;
  terminalId: number;
  msg: string;
  detail?: Record<string, unknown>;
  /** Only for a past entry (the demo history); otherwise the time of writing. */
  createdAt?: Date;
}

const logCols = { terminalId: terminalLogs.terminalId, time: terminalLogs.createdAt };
const eventCols = { terminalId: deviceEvents.terminalId, time: deviceEvents.ts };

/** The only writer of the `terminal_log` table, and its reads for the console's log pages. */
export class DeviceLogRepository {
  private readonly shapes = new PreparedShapes();

  constructor(private readonly db: Db) {}

  private selectLogs() {
    return this.db.select({ ...getTableColumns(terminalLogs), ...terminalRef }).from(terminalLogs).innerJoin(terminals, eq(terminals.terminalId, terminalLogs.terminalId)).$dynamic();
  }

  page(principal: Principal, kind: TerminalLogKind, q: DeviceRecordQuery) {
    const shape = recordShape(principal, q, logCols);
    const ofKind = { ...shape, where: and(shape.where, sql`${terminalLogs.kind} = ${sql.placeholder('kind')}`), values: { ...shape.values, kind } };
    return shapedRecordPage(this.db, this.shapes, 'logs', q, ofKind, () => recordWhere(principal, q, logCols, eq(terminalLogs.kind, kind)), {
      page: (where, limit) => this.selectLogs().where(where).orderBy(desc(terminalLogs.createdAt), desc(terminalLogs.id)).limit(limit).offset(sql.placeholder('offset')),
      counted: (where) => this.db.select({ one: sql`1` }).from(terminalLogs).innerJoin(terminals, eq(terminals.terminalId, terminalLogs.terminalId)).where(where),
      time: terminalLogs.createdAt,
    });
  }

  async find(principal: Principal, kind: TerminalLogKind, id: number) {
    return (await this.selectLogs().where(and(eq(terminalLogs.id, id), recordWhere(principal, {}, logCols, eq(terminalLogs.kind, kind)))))[0];
  }

  /** One statement with one parameter however many entries (a bound parameter per value would overflow at ~16,000 rows). */
  async write(entries: DeviceLogEntry[]): Promise<void> {
    if (!entries.length) return;
    const json = JSON.stringify(entries.map((e) => ({ k: e.kind, t: e.terminalId, m: e.msg.slice(0, 255), d: e.detail ?? null, c: e.createdAt ?? null })));
    await this.db.execute(sql`
      insert into terminal_log (kind, terminal_id, msg, detail, created_at)
      select k, t, m, d, coalesce(c, now()) from json_to_recordset(${json}::json) as v(k varchar, t int, m varchar, d jsonb, c timestamptz)`);
  }

  /** Faults terminals reported: the report log. */
  events(principal: Principal, q: DeviceRecordQuery) {
    return shapedRecordPage(this.db, this.shapes, 'events', q, recordShape(principal, q, eventCols), () => recordWhere(principal, q, eventCols), {
      page: (where, limit) =>
        this.db
          // Terminals say phases a/b/c; the API and the console name them A/B/C as the sys_phase dictionary does.
          .select({ ...getTableColumns(deviceEvents), phase: sql<string | null>`upper(${deviceEvents.phase})`, ...terminalRef })
          .from(deviceEvents)
          .innerJoin(terminals, eq(terminals.terminalId, deviceEvents.terminalId))
          .where(where)
          .orderBy(desc(deviceEvents.ts), desc(deviceEvents.id))
          .limit(limit)
          .offset(sql.placeholder('offset')),
      counted: (where) => this.db.select({ one: sql`1` }).from(deviceEvents).innerJoin(terminals, eq(terminals.terminalId, deviceEvents.terminalId)).where(where),
      time: deviceEvents.ts,
    });
  }
}
