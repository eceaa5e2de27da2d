import { idParams } from '@sl/contracts';
import type { DeviceFamily, DeviceRecordQuery, HeartbeatListItem, HeartStatisticsDay, HeartStatisticsQuery, PageResult, SentTask } from '@sl/contracts';
import { badRequest, notFound, text } from '../../http/errors.js';
import type { Principal } from '../../system/access/principal.js';
import type { DeviceLogRepository } from '../logs/device-log-repository.js';
import { withIsoDates, type RecordFilter } from '../logs/records.js';
import type { ScopedCommandService } from '../settings/scoped-command-service.js';
import type { HeartbeatRepository } from './heartbeat-repository.js';

type HeartbeatRow = NonNullable<Awaited<ReturnType<HeartbeatRepository['find']>>>;
const toHeartbeat = (row: HeartbeatRow) => withIsoDates(row) as HeartbeatListItem;
const STATISTICS_DAYS = 30;
const DAY_MS = 86_400_000;
const REQUEST_BATCH = 500;

/** Stored heartbeats, their daily statistics, and heartbeat requests sent to terminals. */
export class HeartbeatService {
  constructor(
    private readonly repo: HeartbeatRepository,
    private readonly commands: ScopedCommandService,
    private readonly logs: DeviceLogRepository,
  ) {}

  async page(principal: Principal, q: DeviceRecordQuery): Promise<PageResult<HeartbeatListItem>> {
    const page = await this.repo.page(principal, q);
    return { ...page, list: page.list.map(toHeartbeat) };
  }

  async get(principal: Principal, id: number, filter?: RecordFilter): Promise<HeartbeatListItem> {
    const row = await this.repo.find(principal, id, filter);
    if (!row) throw notFound(text('device.heartbeatNotFound', idParams(id)));
    return toHeartbeat(row);
  }

  /** Days of the range (the last 30 days by default) in the time zone `tz`; of one family, or of both when `family` is undefined. */
  async statistics(principal: Principal, family: DeviceFamily | undefined, q: HeartStatisticsQuery): Promise<HeartStatisticsDay[]> {
    const to = q.to ?? new Date();
    const from = q.from ?? new Date(to.getTime() - STATISTICS_DAYS * DAY_MS);
    if (from > to) throw badRequest(text('terminals.rangeOrder'));
    return this.repo.statistics(principal, { terminalId: q.terminalId, family, from, to }, q.tz);
  }

  async request(principal: Principal, terminalId: number): Promise<SentTask> {
    const sent = await this.commands.send(principal, terminalId, 'heartbeat.request', {});
    await this.logs.write([this.logEntry(principal, terminalId, sent)]);
    return sent;
  }

  /** Every terminal in scope (not scrapped), optionally of one family: what a test of all terminals asks. */
  terminalsToTest(principal: Principal, family?: DeviceFamily): Promise<number[]> {
    return this.commands.terminalsInScope(principal, family);
  }

  /** Asks terminals already checked against the scope for a heartbeat, batch by batch, logging each request. */
  async requestMany(principal: Principal, terminalIds: number[], onBatch: (sent: Array<SentTask & { terminalId: number }>) => void): Promise<void> {
    for (let i = 0; i < terminalIds.length; i += REQUEST_BATCH) {
      const sent = await this.commands.sendMany(principal, terminalIds.slice(i, i + REQUEST_BATCH), 'heartbeat.request', {});
      await this.logs.write(sent.map((s) => this.logEntry(principal, s.terminalId, s)));
      onBatch(sent);
    }
  }

  private logEntry(principal: Principal, terminalId: number, sent: SentTask) {
    return { kind: 'heart' as const, terminalId, msg: `heartbeat requested by ${principal.username}`, detail: { ...sent, userId: principal.userId, username: principal.username } };
  }
}
