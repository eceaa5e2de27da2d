import { and, count, desc, eq, getTableColumns } from 'drizzle-orm';
import type { DeviceRecordQuery, TerminalLogKind } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { paginate } from '../../db/paging.js';
import { deviceEvents, terminalLogs, terminals } from '../../db/schema/index.js';
import type { Principal } from '../../system/access/principal.js';
import { recordWhere, terminalRef } from './records.js';

export interface DeviceLogEntry {
  kind: TerminalLogKind;
  terminalId: number;
  msg: string;
  detail?: Record<string, unknown>;
}

const logCols = { terminalId: terminalLogs.terminalId, time: terminalLogs.createdAt };
const eventCols = { terminalId: deviceEvents.terminalId, time: deviceEvents.ts };

export class DeviceLogRepository {
  constructor(private readonly db: Db) {}

  private selectLogs() {
    return this.db.select({ ...getTableColumns(terminalLogs), ...terminalRef }).from(terminalLogs).innerJoin(terminals, eq(terminals.terminalId, terminalLogs.terminalId)).$dynamic();
  }

  page(principal: Principal, kind: TerminalLogKind, q: DeviceRecordQuery) {
    const where = recordWhere(principal, q, logCols, eq(terminalLogs.kind, kind));
    return paginate(
      q,
      (limit, offset) => this.selectLogs().where(where).orderBy(desc(terminalLogs.createdAt), desc(terminalLogs.id)).limit(limit).offset(offset),
      async () => (await this.db.select({ n: count() }).from(terminalLogs).innerJoin(terminals, eq(terminals.terminalId, terminalLogs.terminalId)).where(where))[0].n,
    );
  }

  async find(principal: Principal, kind: TerminalLogKind, id: number) {
    return (await this.selectLogs().where(and(eq(terminalLogs.id, id), recordWhere(principal, {}, logCols, eq(terminalLogs.kind, kind)))))[0];
  }

  async write(entries: DeviceLogEntry[]): Promise<void> {
    if (entries.length) await this.db.insert(terminalLogs).values(entries.map((e) => ({ ...e, detail: e.detail ?? null })));
  }

  /** Faults terminals reported: the report log. */
  events(principal: Principal, q: DeviceRecordQuery) {
    const where = recordWhere(principal, q, eventCols);
    return paginate(
      q,
      (limit, offset) =>
        this.db
          .select({ ...getTableColumns(deviceEvents), ...terminalRef })
          .from(deviceEvents)
          .innerJoin(terminals, eq(terminals.terminalId, deviceEvents.terminalId))
          .where(where)
          .orderBy(desc(deviceEvents.ts), desc(deviceEvents.id))
          .limit(limit)
          .offset(offset),
      async () => (await this.db.select({ n: count() }).from(deviceEvents).innerJoin(terminals, eq(terminals.terminalId, deviceEvents.terminalId)).where(where))[0].n,
    );
  }
}
