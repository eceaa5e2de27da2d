import {
  ALARM_KINDS, REPAIR_STATUS_NAMES, refusalParams, RepairStatus,
  type Assignee, type PageResult, type WorkOrder, type WorkOrderAction, type WorkOrderActionBody, type WorkOrderAddBody, type WorkOrderQuery,
} from '@sl/contracts';
import { alarmsMissing } from '../alarms/alarm-service.js';
import type { AlarmRepository } from '../alarms/alarm-repository.js';
import { orderMove, ORDER_MOVES, type AlarmEvent } from '../alarms/alarm-state-machine.js';
import type { AlarmActor, AlarmWorkflow } from '../alarms/alarm-workflow.js';
import type { AlarmRow } from '../alarms/alarm-write-repository.js';
import { randomUUID } from 'node:crypto';
import type { FileStore } from '../storage/file-store.js';
import { imageExtension } from '../storage/image-type.js';
import { withIsoDates } from '../devices/logs/records.js';
import { badRequest, forbidden, notFound, text } from '../http/errors.js';
import type { Principal } from '../system/access/principal.js';
import type { SmsService } from '../sms/sms-service.js';
import type { OrderWithNames, WorkOrderRepository } from './work-order-repository.js';
import { addRoundLamps, lampsRepaired } from '../assets/asset-maintenance-service.js';

type Found = OrderWithNames;
const actorOf = (p: Principal): AlarmActor => ({ userId: p.userId, name: p.username });
const missing = (orderId: number) => notFound(text('order.notFound', { orderId }));
/** Completion photos one order may collect: plenty for evidence, and uploads can't fill the disk. */
export const MAX_PHOTOS_PER_ORDER = 20;
/** The URL `addPhoto` answers, `/uploads/workorder/{orderId}-{uuid}.{ext}`, and nothing else: the file name is group 1. */
const PHOTO_URL = /^\/uploads\/workorder\/(\d+-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:png|jpg|gif|webp))$/;
const kindName = (kind: string) => ALARM_KINDS.find((k) => k.kind === kind)?.name['zh-CN'] ?? kind;

/** Repair work orders: created from alarms, worked by one maintenance person; the alarms follow the order. */
export class WorkOrderService {
  constructor(
    private readonly repo: WorkOrderRepository,
    private readonly alarms: AlarmRepository,
    private readonly workflow: AlarmWorkflow,
    private readonly sms: SmsService,
    private readonly files: FileStore,
  ) {}

  /** Who may be assigned the given alarms: users with a phone in their department or a parent, within the caller's scope. */
  async assignees(p: Principal, alarmIds: number[]): Promise<Assignee[]> {
    const deptId = await this.alarmsDept(p, alarmIds);
    return deptId === null ? [] : this.repo.assignees(p, deptId);
  }

  /** Who may be assigned work in a department (a maintenance round's). */
  assigneesOfDept(p: Principal, deptId: number): Promise<Assignee[]> {
    return this.repo.assignees(p, deptId);
  }

  async create(p: Principal, body: WorkOrderAddBody): Promise<WorkOrder> {
    const alarmIds = [...new Set(body.alarmIds)];
    const deptId = await this.alarmsDept(p, alarmIds);
    const allowed = deptId === null ? [] : await this.repo.assignees(p, deptId);
    const assignee = allowed.find((u) => u.userId === body.assigneeId);
    if (!assignee) throw badRequest(text('order.badAssignee', { userId: body.assigneeId }));
    const { order, moved } = await this.repo.transaction(async (repo, tx) => {
      const order = await repo.insert(
        { deptId, assigneeId: assignee.userId, priority: body.priority, dueAt: body.dueAt, instruction: body.instruction, createdBy: p.userId },
        alarmIds,
      );
      const moved = await this.workflow.move(tx, alarmIds, 'dispatch', actorOf(p), { orderId: order.orderId, note: body.instruction });
      return { order, moved };
    });
    await this.announce(moved.map((m) => m.alarm), 'dispatch');
    const first = (await this.repo.alarmsOf([order.orderId]))[0];
    await this.sms.send([{ userId: assignee.userId, phone: assignee.phone, deptId }], 'dispatch', {
      orderId: String(order.orderId), terminal: first ? `${first.terminalName}(${first.sn})` : '', kind: first ? kindName(first.kind) : '',
      instruction: body.instruction,
    }, { orderId: order.orderId, alarmId: first?.alarmId });
    return this.get(p, order.orderId);
  }

  /**
   * A planned maintenance round (docs/assets.md): one order of kind 'maintenance' holding lamps in route order, for an
   * assignee who may repair the department's alarms; the assignee gets the dispatch text naming the poles.
   */
  async createRound(p: Principal, round: { deptId: number | null; assigneeId: number; assetIds: number[]; poleNos: string[]; instruction: string }): Promise<WorkOrder> {
    const allowed = round.deptId === null ? [] : await this.repo.assignees(p, round.deptId);
    const assignee = allowed.find((u) => u.userId === round.assigneeId);
    if (!assignee) throw badRequest(text('asset.roundBadAssignee', { userId: round.assigneeId }));
    const order = await this.repo.transaction(async (repo, tx) => {
      const row = await repo.insert({ deptId: round.deptId, kind: 'maintenance', assigneeId: assignee.userId, priority: 2, instruction: round.instruction, createdBy: p.userId }, []);
      await addRoundLamps(tx, row.orderId, round.assetIds);
      return row;
    });
    const poles = round.poleNos.slice(0, 5).join(', ') + (round.poleNos.length > 5 ? ` +${round.poleNos.length - 5}` : '');
    await this.sms.send([{ userId: assignee.userId, phone: assignee.phone, deptId: round.deptId }], 'dispatch', {
      orderId: String(order.orderId), terminal: poles, kind: '计划维护', instruction: round.instruction,
    }, { orderId: order.orderId });
    return this.get(p, order.orderId);
  }

  /** pickUp, progress, complete, rollBack (the assignee) and recall (a dispatcher): the order and its alarms move together. */
  async act(p: Principal, action: WorkOrderAction, body: WorkOrderActionBody): Promise<WorkOrder> {
    const found = await this.repo.find(p, body.orderId);
    if (!found) throw missing(body.orderId);
    if (action !== 'recall' && found.order.assigneeId !== p.userId) throw forbidden(text('order.notAssignee'));
    if ((action === 'rollBack' || action === 'recall') && !body.note) throw badRequest(text('order.noteRequired'));
    const foreign = await this.foreignPhoto(body.orderId, body.photos);
    if (foreign !== undefined) throw badRequest(text('order.photoForeign', { index: foreign, orderId: body.orderId }));
    const moved = await this.repo.transaction(async (repo, tx) => {
      const order = await repo.lock(body.orderId);
      const to = order && orderMove(order.status, action);
      if (!order || to === undefined) throw badRequest(text('order.refused', { orderId: body.orderId, ...refusalParams(REPAIR_STATUS_NAMES, order?.status ?? 0, action) }));
      const closed = to !== RepairStatus.pickedUp && to !== RepairStatus.awaitingPickup;
      await repo.update(order.orderId, {
        status: to,
        ...(action === 'progress' ? { progressNote: body.note } : {}),
        ...(action === 'complete' ? { completionNote: body.note, photos: body.photos } : {}),
        ...(closed ? { closedAt: new Date() } : {}),
      });
      if (action === 'complete') await lampsRepaired(tx, order.orderId, new Date());
      return this.workflow.move(tx, await repo.alarmIds(order.orderId), ORDER_MOVES[action].alarm as Exclude<AlarmEvent, 'raise'>, actorOf(p), { orderId: order.orderId, note: body.note });
    });
    await this.announce(moved.map((m) => m.alarm), ORDER_MOVES[action].alarm);
    return this.get(p, body.orderId);
  }

  /** A completion photo from the assignee's phone, stored beside the order; answers its URL for `complete`. */
  async addPhoto(p: Principal, orderId: number, read: () => Promise<Buffer>): Promise<{ url: string }> {
    const found = await this.repo.find(p, orderId);
    if (!found) throw missing(orderId);
    if (found.order.assigneeId !== p.userId) throw forbidden(text('order.notAssignee'));
    if ((await this.files.count('workorder', `${orderId}-`)) >= MAX_PHOTOS_PER_ORDER) throw badRequest(text('order.tooManyPhotos', { n: MAX_PHOTOS_PER_ORDER }));
    const bytes = await read();
    const ext = imageExtension(bytes);
    if (!ext) throw badRequest(text('order.photoType'));
    return { url: await this.files.save('workorder', `${orderId}-${randomUUID()}.${ext}`, bytes) };
  }

  /** The index of the first photo that is not one `addPhoto` saved for this order (another order's, a made-up or a crafted path). */
  private async foreignPhoto(orderId: number, photos: string[]): Promise<number | undefined> {
    for (const [index, url] of photos.entries()) {
      const name = PHOTO_URL.exec(url)?.[1];
      if (!name || !name.startsWith(`${orderId}-`) || !(await this.files.exists('workorder', name))) return index;
    }
    return undefined;
  }

  async get(p: Principal, orderId: number): Promise<WorkOrder> {
    const found = await this.repo.find(p, orderId);
    if (!found) throw missing(orderId);
    return (await this.withAlarms([found]))[0];
  }

  async page(p: Principal, q: WorkOrderQuery, mine: boolean): Promise<PageResult<WorkOrder>> {
    const page = await this.repo.page(p, q, mine);
    return { ...page, list: await this.withAlarms(page.list) };
  }

  private async withAlarms(rows: Found[]): Promise<WorkOrder[]> {
    const ids = rows.map((r) => r.order.orderId);
    const [alarms, lamps] = await Promise.all([this.repo.alarmsOf(ids), this.repo.lampsOf(ids)]);
    return rows.map(({ order, assigneeName, assigneePhone, createdByName }) => ({
      ...withIsoDates(order), kind: order.kind === 'maintenance' ? 'maintenance' : 'repair', assigneeName, assigneePhone, createdByName,
      alarms: alarms.filter((a) => a.orderId === order.orderId).map(({ orderId: _, ...a }) => withIsoDates(a)),
      lamps: lamps.filter((l) => l.orderId === order.orderId).map(({ orderId: _, ...l }) => l),
    }));
  }

  /** The one department of alarms the caller may see; 404 naming those out of scope, 400 when they span departments. */
  private async alarmsDept(p: Principal, alarmIds: number[]): Promise<number | null> {
    const visible = await this.alarms.visible(p, alarmIds);
    const absent = alarmIds.filter((id) => !visible.includes(id));
    if (absent.length) throw alarmsMissing(absent);
    const depts = new Set(await this.alarms.deptsOf(alarmIds));
    if (depts.size > 1) throw badRequest(text('order.mixedDepartments'));
    return [...depts][0] ?? null;
  }

  private async announce(rows: AlarmRow[], event: AlarmEvent) {
    for (const row of rows) this.workflow.announce(row, { terminalId: row.terminalId, name: (await this.alarms.place(row.terminalId)).name }, event);
  }
}
