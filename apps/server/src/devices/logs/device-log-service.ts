import type { DeviceEventRecord, DeviceLog, DeviceRecordQuery, PageResult, TerminalLogKind } from '@sl/contracts';
import { notFound, text } from '../../http/errors.js';
import type { Principal } from '../../system/access/principal.js';
import type { DeviceLogEntry, DeviceLogRepository } from './device-log-repository.js';
import { withIsoDates } from './records.js';

type LogRow = NonNullable<Awaited<ReturnType<DeviceLogRepository['find']>>>;
const toLog = (row: LogRow) => withIsoDates(row) as DeviceLog;

export type { DeviceLogEntry };

/** Device logs of each kind, and the events terminals reported. */
export class DeviceLogService {
  constructor(private readonly repo: DeviceLogRepository) {}

  /** How other domains (the gateway, control, the demo) add to the terminal log. */
  write(entries: DeviceLogEntry[]): Promise<void> {
    return this.repo.write(entries);
  }

  async page(principal: Principal, kind: TerminalLogKind, q: DeviceRecordQuery): Promise<PageResult<DeviceLog>> {
    const page = await this.repo.page(principal, kind, q);
    return { ...page, list: page.list.map(toLog) };
  }

  async get(principal: Principal, kind: TerminalLogKind, id: number): Promise<DeviceLog> {
    const row = await this.repo.find(principal, kind, id);
    if (!row) throw notFound(text('records.logNotFound', { id }));
    return toLog(row);
  }

  async events(principal: Principal, q: DeviceRecordQuery): Promise<PageResult<DeviceEventRecord>> {
    const page = await this.repo.events(principal, q);
    return { ...page, list: page.list.map((row) => withIsoDates(row) as DeviceEventRecord) };
  }
}
