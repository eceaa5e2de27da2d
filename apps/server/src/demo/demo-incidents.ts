import { COMMUNICATION_LOST, DEFAULT_LOCALE, RepairStatus, type Locale } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { orderMove } from '../alarms/alarm-state-machine.js';
import type { AlarmActor, AlarmTarget, AlarmWorkflow } from '../alarms/alarm-workflow.js';
import { WorkOrderRepository } from '../dispatch/work-order-repository.js';
import { ReadingRepository } from '../gateway/reading-repository.js';
import { DeviceLogRepository, type DeviceLogEntry } from '../devices/logs/device-log-repository.js';
import type { DemoUnit, Episode } from './demo-readings.js';
import type { Bilingual } from '../seed/seed-texts.js';

const MINUTE = 60_000;

/** The crew's words on a past lamp repair, in the installation's language (SEED_LANGUAGE). */
const REPAIR_TEXTS: Bilingual<{ instruction: string; completionNote: string }> = {
  'zh-CN': { instruction: '更换灯具', completionNote: '已更换灯具，恢复正常' },
  'en-US': { instruction: 'Replace the lamp', completionNote: 'Lamp replaced, working again' },
};

/**
 * Writes what the episodes of a terminal's past left behind, as the product would have written it
 * then: the faults it reported (report log), device logs of its offline spells, and alarms through
 * the real workflow: cleared by the terminal (auto repair complete), or, for a lamp out, dispatched,
 * picked up and completed by the crew through a work order.
 */
export class DemoIncidents {
  private readonly workflow: AlarmWorkflow;
  private readonly readings: ReadingRepository;
  private readonly orders: WorkOrderRepository;
  private readonly logs: DeviceLogRepository;

  constructor(
    db: Db,
    alarms: AlarmWorkflow,
    private readonly crew: AlarmActor | undefined,
    private readonly offlineAfterMissed: number,
    private readonly locale: Locale = DEFAULT_LOCALE,
  ) {
    // Past alarms are announced to nobody: no push, no text message for last week's lamp.
    this.workflow = alarms.silent();
    this.readings = new ReadingRepository(db);
    this.orders = new WorkOrderRepository(db);
    this.logs = new DeviceLogRepository(db);
  }

  /** Returns how many alarms it raised. */
  async write(u: DemoUnit, episodes: Episode[]): Promise<number> {
    const target: AlarmTarget = { terminalId: u.terminalId, name: u.name, deptId: u.deptId, family: u.family };
    const logs: DeviceLogEntry[] = [];
    let alarms = 0;
    for (const e of episodes) {
      if (e.kind === 'offline') {
        const noticed = e.from + this.offlineAfterMissed * u.heartbeatS * 1000;
        if (noticed >= e.to) continue;
        logs.push(
          { kind: 'unline', terminalId: u.terminalId, msg: 'no message received', detail: { missed: this.offlineAfterMissed }, createdAt: new Date(noticed) },
          { kind: 'status', terminalId: u.terminalId, msg: 'online -> offline', detail: { from: 1, to: 2 }, createdAt: new Date(noticed) },
          { kind: 'status', terminalId: u.terminalId, msg: 'offline -> online', detail: { from: 2, to: 1 }, createdAt: new Date(e.to) },
        );
        alarms += await this.selfClearing(target, COMMUNICATION_LOST, {}, noticed, e.to);
        continue;
      }
      const detail = e.kind === 'voltageLow' ? { value: 189, phase: 'a' } : {};
      await this.readings.insertEvents([
        { terminalId: u.terminalId, mid: `hist-ev-${e.from}`, event: e.kind, state: 'raised', value: detail.value ?? null, phase: detail.phase ?? null, ts: new Date(e.from), receivedAt: new Date(e.from) },
        { terminalId: u.terminalId, mid: `hist-ev-${e.to}`, event: e.kind, state: 'cleared', value: null, phase: detail.phase ?? null, ts: new Date(e.to), receivedAt: new Date(e.to) },
      ]);
      alarms += e.kind === 'lampFailure' && this.crew ? await this.repaired(target, e, this.crew) : await this.selfClearing(target, e.kind, detail, e.from, e.to);
    }
    await this.logs.write(logs);
    return alarms;
  }

  private async selfClearing(t: AlarmTarget, kind: string, detail: { value?: number; phase?: string }, raisedAt: number, clearedAt: number): Promise<number> {
    if (!(await this.workflow.raise(t, kind, detail, new Date(raisedAt)))) return 0;
    await this.workflow.clear(t, kind, null, new Date(clearedAt));
    return 1;
  }

  /** Dispatched half an hour after it was raised, picked up an hour later, completed when the lamp is back. */
  private async repaired(t: AlarmTarget, e: Episode, crew: AlarmActor): Promise<number> {
    const alarm = await this.workflow.raise(t, e.kind, {}, new Date(e.from));
    if (!alarm) return 0;
    const dispatched = new Date(e.from + 30 * MINUTE);
    const pickedUp = new Date(e.from + 90 * MINUTE);
    const done = new Date(e.to);
    const { instruction, completionNote } = REPAIR_TEXTS[this.locale];
    const status = orderMove(orderMove(RepairStatus.awaitingPickup, 'pickUp')!, 'complete')!;
    await this.orders.transaction(async (orders, tx) => {
      const order = await orders.insert(
        {
          deptId: t.deptId, assigneeId: crew.userId, priority: 2, instruction, completionNote, status,
          createdBy: crew.userId, createdAt: dispatched, updatedAt: done, closedAt: done,
        },
        [alarm.alarmId],
      );
      const at = { orderId: order.orderId };
      await this.workflow.move(tx, [alarm.alarmId], 'dispatch', crew, { ...at, at: dispatched, note: instruction });
      await this.workflow.move(tx, [alarm.alarmId], 'pickUp', crew, { ...at, at: pickedUp });
      await this.workflow.move(tx, [alarm.alarmId], 'complete', crew, { ...at, at: done, note: completionNote });
    });
    return 1;
  }
}
