import type { EventEmitter } from 'node:events';
import { AlarmStatus, type EventMessage } from '@sl/contracts';
import type { AlarmRepository, AlarmRow } from './alarm-repository.js';
import type { GatewayLog } from './device-transport.js';
import type { AlarmCounts, AlarmNotice } from './ports.js';

export interface AlarmTarget {
  terminalId: number;
  name: string;
  deptId: number | null;
}

export interface AlarmDetail {
  value?: number | null;
  loop?: number | null;
  phase?: string | null;
}

/** A short English description; the console shows its own localised text from kind and value. */
export function describeAlarm(kind: string, d: AlarmDetail): string {
  const where = [d.loop ? `loop ${d.loop}` : '', d.phase ? `phase ${d.phase.toUpperCase()}` : ''].filter(Boolean).join(', ');
  return [kind, where && `(${where})`, d.value != null ? `value ${d.value}` : ''].filter(Boolean).join(' ');
}

/** Raises and clears alarms: one open alarm per terminal + kind + loop; every change is emitted as 'alarm'. */
export class AlarmService {
  readonly counts: AlarmCounts = { raised: {}, cleared: {} };

  constructor(
    private readonly repo: AlarmRepository,
    private readonly events: EventEmitter,
    private readonly log: GatewayLog,
  ) {}

  /** Returns whether a new alarm was opened. */
  async raise(t: AlarmTarget, kind: string, d: AlarmDetail = {}, at = new Date()): Promise<boolean> {
    const loop = d.loop ?? null;
    if (await this.repo.findOpen(t.terminalId, kind, loop)) return false;
    const row = await this.repo.insertOpen({
      terminalId: t.terminalId, deptId: t.deptId, kind, status: AlarmStatus.alarm, message: describeAlarm(kind, d),
      value: d.value ?? null, loop, phase: d.phase ?? null, raisedAt: at,
    });
    if (!row) return false; // another instance opened it in the meantime
    this.emit(row, t);
    return true;
  }

  /** Clears the open alarm of this kind and loop, if any; returns whether one was cleared. */
  async clear(t: AlarmTarget, kind: string, loop: number | null = null, at = new Date()): Promise<boolean> {
    const open = await this.repo.findOpen(t.terminalId, kind, loop);
    const row = open && (await this.repo.clear(open.alarmId, at));
    if (row) this.emit(row, t);
    return !!row;
  }

  applyEvent(t: AlarmTarget, m: EventMessage, at: Date): Promise<boolean> {
    return m.state === 'raised' ? this.raise(t, m.event, m, at) : this.clear(t, m.event, m.loop ?? null, at);
  }

  private emit(row: AlarmRow, t: AlarmTarget) {
    const notice: AlarmNotice = {
      alarmId: row.alarmId, terminalId: t.terminalId, terminalName: t.name, deptId: row.deptId, kind: row.kind,
      status: row.status, message: row.message, cleared: row.clearedAt !== null,
    };
    const tally = notice.cleared ? this.counts.cleared : this.counts.raised;
    tally[row.kind] = (tally[row.kind] ?? 0) + 1;
    try {
      this.events.emit('alarm', notice);
    } catch (err) {
      this.log.error({ err, alarmId: row.alarmId }, 'an alarm listener failed');
    }
  }
}
