import {
  LEAFLET_MOVES, LEAFLET_STATUS_NAMES, LeafletStatus,
  type Leaflet, type LeafletAction, type LeafletBody, type LeafletQuery, type LeafletReceiptBody, type LeafletReceiverOption, type LeafletUpdate, type PageResult,
} from '@sl/contracts';
import type { DeptCheck } from '../control/dept-check.js';
import type { TargetResolver } from '../control/targets.js';
import { withIsoDates } from '../devices/logs/records.js';
import { badRequest, forbidden, notFound, text } from '../http/errors.js';
import type { SmsService } from '../sms/sms-service.js';
import type { Principal } from '../system/access/principal.js';
import type { LeafletRecord, LeafletRepository } from './leaflet-repository.js';

const missing = (id: number) => notFound(text('leaflet.notFound', { id }));
const dueText = (d: Date) => d.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });

/**
 * Dispatch leaflets: an instruction for terminals or area sets, sent to receivers with a due time.
 * Each receiver acknowledges and completes it; the leaflet's status is the lowest of theirs.
 */
export class LeafletService {
  constructor(
    private readonly repo: LeafletRepository,
    private readonly targets: TargetResolver,
    private readonly depts: DeptCheck,
    private readonly sms: () => SmsService | undefined,
  ) {}

  page(p: Principal, q: LeafletQuery, mine: boolean): Promise<PageResult<Leaflet>> {
    return this.repo.page(p, q, mine).then(async (page) => ({ ...page, list: await this.withDetails(page.list) }));
  }

  /** The leaflet in scope or sent to the caller, or null (the shared `/policy/getData` asks this). */
  async find(p: Principal, id: number): Promise<Leaflet | null> {
    const row = await this.repo.find(p, id, true);
    return row ? (await this.withDetails([row]))[0] : null;
  }

  async get(p: Principal, id: number): Promise<Leaflet> {
    const found = await this.find(p, id);
    if (!found) throw missing(id);
    return found;
  }

  receiverOptions(p: Principal, keyword?: string): Promise<LeafletReceiverOption[]> {
    return this.repo.receiverOptions(p, keyword);
  }

  async add(p: Principal, body: LeafletBody): Promise<Leaflet> {
    const checked = await this.check(p, body);
    const id = await this.repo.transaction((repo) => repo.insert({ ...checked.row, createdBy: p.userId }, body.receiverIds));
    await this.text(id, checked.row, checked.receivers);
    return this.get(p, id);
  }

  /** Receivers kept keep their progress, new ones start at sent (and are texted); a leaflet everyone completed is closed. */
  async update(p: Principal, body: LeafletUpdate): Promise<Leaflet> {
    const current = await this.repo.find(p, body.id, false);
    if (!current) throw missing(body.id);
    const closed = () => badRequest(text('leaflet.closed', { id: body.id }));
    if (current.status === LeafletStatus.completed) throw closed();
    const checked = await this.check(p, body, current.deptId);
    const added = await this.repo.transaction(async (repo) => {
      if ((await repo.lock(body.id))?.status === LeafletStatus.completed) throw closed();
      await repo.update(body.id, checked.row);
      return repo.setReceivers(body.id, checked.receiverIds);
    });
    await this.text(body.id, checked.row, checked.receivers.filter((r) => added.includes(r.userId)));
    return this.get(p, body.id);
  }

  /** Acknowledge or complete the caller's own receipt. */
  async act(p: Principal, action: LeafletAction, body: LeafletReceiptBody): Promise<Leaflet> {
    if (!(await this.repo.find(p, body.id, true))) throw missing(body.id);
    const move = LEAFLET_MOVES[action];
    await this.repo.transaction(async (repo) => {
      await repo.lock(body.id);
      const receipt = await repo.lockReceipt(body.id, p.userId);
      if (!receipt) throw forbidden(text('leaflet.notReceiver', { id: body.id }));
      if (!move.from.includes(receipt.status)) throw badRequest(text('leaflet.refused', { id: body.id, status: LEAFLET_STATUS_NAMES[receipt.status], action: move.name }));
      const now = new Date();
      await repo.setReceipt(body.id, p.userId, {
        status: move.to,
        ...(action === 'acknowledge' ? { acknowledgedAt: now } : { completedAt: now, acknowledgedAt: receipt.acknowledgedAt ?? now, note: body.note }),
      });
    });
    return this.get(p, body.id);
  }

  /** False when the caller may not see the leaflet in their scope (a receiver may not delete it). */
  async remove(p: Principal, id: number): Promise<boolean> {
    if (!(await this.repo.find(p, id, false))) return false;
    await this.repo.delete(id);
    return true;
  }

  /** Department, targets and receivers, all within the caller's scope; a missing or out-of-scope id answers 404 by name. */
  private async check(p: Principal, body: LeafletBody, currentDept: number | null = null) {
    if (body.deptId !== null) await this.depts.assert(p, body.deptId);
    const terminals = await this.targets.resolve(p, body.groupMode, body.targetIds);
    if (!terminals.length) throw badRequest(text('leaflet.noTerminals'));
    const receiverIds = [...new Set(body.receiverIds)];
    const receivers = await this.repo.receiverOptions(p, undefined, receiverIds);
    const absent = receiverIds.filter((id) => !receivers.some((r) => r.userId === id));
    if (absent.length) throw notFound(text('leaflet.receiversNotFound', { id: absent.join(', ') }));
    const row = {
      title: body.title, instruction: body.instruction, groupMode: body.groupMode, targetIds: [...new Set(body.targetIds)], terminalCount: terminals.length,
      dueAt: body.dueAt, deptId: body.deptId ?? currentDept ?? p.deptId, remark: body.remark,
    };
    return { row, receivers, receiverIds };
  }

  private async text(id: number, leaflet: { title: string; dueAt: Date; deptId: number | null }, to: LeafletReceiverOption[]) {
    const sms = this.sms();
    if (!sms || !to.length) return;
    await sms.send(to.map((r) => ({ userId: r.userId, phone: r.phone, deptId: leaflet.deptId })), 'leaflet', { id: String(id), title: leaflet.title, due: dueText(leaflet.dueAt) });
  }

  private async withDetails(rows: LeafletRecord[]): Promise<Leaflet[]> {
    const receivers = await this.repo.receiversOf(rows.map((r) => r.id));
    return Promise.all(
      rows.map(async (row) => ({
        ...withIsoDates(row),
        kind: 'leaflet' as const,
        groupMode: row.groupMode as 1 | 2,
        targets: await this.repo.targetNames(row.groupMode, row.targetIds),
        receivers: receivers.filter((r) => r.leafletId === row.id).map(({ leafletId: _, ...r }) => withIsoDates(r)),
      })),
    );
  }
}
