import type { EmergencyBody, EmergencyReach, EmergencyReachBody, EmergencyRow, PageResult } from '@sl/contracts';
import type { Principal } from '../../system/access/principal.js';
import { isoRow, missing } from '../control-errors.js';
import type { DownloadService } from '../download/download-service.js';
import type { TargetResolver } from '../targets.js';
import { badRequest, text } from '../../http/errors.js';
import type { EmergencyRecord, EmergencyRepository } from './emergency-repository.js';

const NO_DOWNLOADS = { total: 0, pending: 0, succeeded: 0, failed: 0 };

export const emergencyState = (r: EmergencyRecord, now: Date) => (r.cancelledAt ? 'cancelled' : r.startAt > now ? 'scheduled' : r.expireAt > now ? 'active' : 'expired');

/** Emergency plans: overrides with a start and an expiry, newest wins, sent to the terminals at once. */
export class EmergencyService {
  constructor(
    private readonly repo: EmergencyRepository,
    private readonly targets: TargetResolver,
    private readonly downloads: DownloadService,
  ) {}

  async page(p: Principal, q: { pageIndex: number; pageSize: number; name?: string; state?: string }): Promise<PageResult<EmergencyRow>> {
    const now = new Date();
    const page = await this.repo.page(p, q, now);
    return { ...page, list: await this.rows(page.list, now) };
  }

  async get(p: Principal, id: number): Promise<EmergencyRow> {
    const row = await this.repo.find(p, id);
    if (!row) throw missing('control.emergencyNotFound', id);
    return (await this.rows([row], new Date()))[0];
  }

  /** The terminals and lamps an emergency plan with these targets would reach now, for its confirmation. */
  async reach(p: Principal, body: EmergencyReachBody): Promise<EmergencyReach> {
    const terminals = await this.targets.resolve(p, body.groupMode, body.targetIds);
    return { terminals: terminals.length, lamps: await this.repo.lampCount(terminals.map((t) => t.terminalId)) };
  }

  async add(p: Principal, body: EmergencyBody): Promise<EmergencyRow> {
    const terminals = await this.targets.resolve(p, body.groupMode, body.targetIds);
    if (!terminals.length) throw badRequest(text('control.noTerminals'));
    const startAt = body.startAt ?? new Date();
    const expireAt = new Date(startAt.getTime() + body.durationMin * 60_000);
    const level = body.action === 'off' ? 0 : body.level;
    const row = await this.repo.insert({ name: body.name, action: body.action, level, groupMode: body.groupMode, targetIds: body.targetIds, startAt, expireAt, deptId: p.deptId, remark: body.remark, createdBy: p.userId });
    await this.downloads.override({ id: row.id, action: body.action, level, startAt, expireAt }, terminals.map((t) => t.terminalId));
    return this.get(p, row.id);
  }

  /**
   * Ends an override before its expiry: marks it cancelled and sends `override.clear` to every
   * terminal it was sent to, which returns to its program (or the next active override) at once.
   */
  async cancel(p: Principal, id: number): Promise<EmergencyRow> {
    const row = await this.repo.find(p, id);
    if (!row) throw missing('control.emergencyNotFound', id);
    const now = new Date();
    if (row.cancelledAt) throw badRequest(text('control.emergencyCancelled', { name: row.name }));
    if (row.expireAt <= now) throw badRequest(text('control.emergencyExpired', { name: row.name }));
    if (await this.repo.cancel(id, p.userId, now)) await this.downloads.clearOverride(id);
    return this.get(p, id);
  }

  private async rows(list: EmergencyRecord[], now: Date): Promise<EmergencyRow[]> {
    const counts = await this.downloads.tasks.counts('emergency', list.map((r) => r.id));
    return list.map((r) => {
      const downloads = counts.get(r.id) ?? NO_DOWNLOADS;
      return { ...isoRow(r), state: emergencyState(r, now), terminalCount: downloads.total, downloads } as EmergencyRow;
    });
  }
}
