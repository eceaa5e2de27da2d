import type { DeviceFamily, DeviceRecordQuery, HeartbeatListItem, HeartStatisticsDay, HeartStatisticsQuery, PageResult, SentTask } from '@sl/contracts';
import { badRequest, notFound } from '../../http/errors.js';
import type { Principal } from '../../system/access/principal.js';
import type { DeviceLogRepository } from '../logs/device-log-repository.js';
import { withIsoDates, type RecordFilter } from '../logs/records.js';
import type { CommandService } from '../settings/command-service.js';
import type { HeartbeatRepository } from './heartbeat-repository.js';

type HeartbeatRow = NonNullable<Awaited<ReturnType<HeartbeatRepository['find']>>>;
const toHeartbeat = (row: HeartbeatRow) => withIsoDates(row) as HeartbeatListItem;
const STATISTICS_DAYS = 30;
const DAY_MS = 86_400_000;

/** Stored heartbeats, their daily statistics, and heartbeat requests sent to terminals. */
export class HeartbeatService {
  constructor(
    private readonly repo: HeartbeatRepository,
    private readonly commands: CommandService,
    private readonly logs: DeviceLogRepository,
  ) {}

  async page(principal: Principal, q: DeviceRecordQuery): Promise<PageResult<HeartbeatListItem>> {
    const page = await this.repo.page(principal, q);
    return { ...page, list: page.list.map(toHeartbeat) };
  }

  async get(principal: Principal, id: number, filter?: RecordFilter): Promise<HeartbeatListItem> {
    const row = await this.repo.find(principal, id, filter);
    if (!row) throw notFound(`Heartbeat ${id} does not exist or is outside your data scope`);
    return toHeartbeat(row);
  }

  /** Days of the range (the last 30 days by default) in the time zone `tz`. */
  async statistics(principal: Principal, family: DeviceFamily, q: HeartStatisticsQuery): Promise<HeartStatisticsDay[]> {
    const to = q.to ?? new Date();
    const from = q.from ?? new Date(to.getTime() - STATISTICS_DAYS * DAY_MS);
    if (from > to) throw badRequest('from must not be after to');
    return this.repo.statistics(principal, { terminalId: q.terminalId, family, from, to }, q.tz);
  }

  async request(principal: Principal, terminalId: number): Promise<SentTask> {
    const sent = await this.commands.send(principal, terminalId, 'heartbeat.request', {});
    await this.logs.write([this.logEntry(principal, terminalId, sent)]);
    return sent;
  }

  /** Asks every terminal in scope (not scrapped) for a heartbeat now. */
  async requestAll(principal: Principal, family?: DeviceFamily) {
    const ids = await this.commands.terminalsInScope(principal, family);
    const sent = await this.commands.sendMany(principal, ids, 'heartbeat.request', {});
    await this.logs.write(sent.map((s) => this.logEntry(principal, s.terminalId, s)));
    return { count: sent.length, tasks: sent };
  }

  private logEntry(principal: Principal, terminalId: number, sent: SentTask) {
    return { kind: 'heart' as const, terminalId, msg: `heartbeat requested by ${principal.username}`, detail: { ...sent, userId: principal.userId } };
  }
}
