import { ALARM_STATUS_NAMES, AlarmStatus, refusalParams, type EventMessage } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { badRequest, text } from '../http/errors.js';
import { alarmMove, type AlarmEvent } from './alarm-state-machine.js';
import { AlarmWriteRepository, type AlarmRow, type NewAlarmLog } from './alarm-write-repository.js';

export interface AlarmTarget {
  terminalId: number;
  name: string;
  deptId: number | null;
  /** The terminal's family: its alarm settings decide which events raise alarms. */
  family?: string;
}

export interface AlarmDetail {
  value?: number | null;
  loop?: number | null;
  phase?: string | null;
  /** Replaces the generated description (manual entry). */
  text?: string;
}

/** Who made a change: a user, or the device (null). */
export interface AlarmActor {
  userId: number;
  name: string;
}

/** An alarm raised, moved or cleared: what the push channel and the map hear. */
export interface AlarmNotice {
  alarmId: number;
  terminalId: number;
  terminalName: string;
  deptId: number | null;
  kind: string;
  status: number;
  message: string;
  cleared: boolean;
  event: AlarmEvent;
  family?: string;
}

export interface AlarmCounts {
  raised: Record<string, number>;
  cleared: Record<string, number>;
}

export interface WorkflowLog {
  error(obj: unknown, msg?: string): void;
}

/** A short English description; the console shows its own localised text from kind and value. */
export function describeAlarm(kind: string, d: AlarmDetail): string {
  const where = [d.loop ? `loop ${d.loop}` : '', d.phase ? `phase ${d.phase.toUpperCase()}` : ''].filter(Boolean).join(', ');
  return [kind, where && `(${where})`, d.value != null ? `value ${d.value}` : ''].filter(Boolean).join(' ');
}

type Move = Exclude<AlarmEvent, 'raise'>;

/**
 * Every alarm write: the gateway raises and clears through it, work orders move alarms through it.
 * Each change is checked by the state machine, written to the alarm log and announced to `notify`.
 */
export class AlarmWorkflow {
  readonly counts: AlarmCounts = { raised: {}, cleared: {} };

  constructor(
    private readonly repo: AlarmWriteRepository,
    private readonly notify: (notice: AlarmNotice) => void,
    private readonly log: WorkflowLog,
    /** Whether a device event of this kind raises an alarm for the family (alarm settings); all do without it. */
    private readonly raises: (family: string | undefined, kind: string) => Promise<boolean> = async () => true,
  ) {}

  /** Opens an alarm (status 1); returns whether a new one was opened (one open per terminal, kind and loop). */
  async raise(t: AlarmTarget, kind: string, d: AlarmDetail = {}, at = new Date(), actor: AlarmActor | null = null, note = ''): Promise<AlarmRow | undefined> {
    const loop = d.loop ?? null;
    if (!actor && !(await this.raises(t.family, kind))) return undefined;
    if (await this.repo.findOpen(t.terminalId, kind, loop)) return undefined;
    const row = await this.repo.transaction(async (repo) => {
      const inserted = await repo.insertOpen({
        terminalId: t.terminalId, deptId: t.deptId, kind, status: AlarmStatus.alarm, message: d.text || describeAlarm(kind, d),
        value: d.value ?? null, loop, phase: d.phase ?? null, raisedAt: at,
      });
      if (inserted) await repo.log([logRow(inserted, 'raise', null, inserted.status, at, actor, note)]);
      return inserted;
    });
    if (row) this.announce(row, t, 'raise'); // otherwise another instance opened it in the meantime
    return row;
  }

  /** The device reports the condition cleared: 6 without an order; with one, the status stays and the recovery is logged. */
  async clear(t: AlarmTarget, kind: string, loop: number | null = null, at = new Date()): Promise<boolean> {
    const open = await this.repo.findOpen(t.terminalId, kind, loop);
    if (!open) return false;
    const [row] = await this.repo.transaction((repo, tx) => this.move(tx, [open.alarmId], 'deviceCleared', null, { at }));
    if (row) this.announce(row.alarm, t, 'deviceCleared');
    return !!row;
  }

  applyEvent(t: AlarmTarget, m: EventMessage, at: Date): Promise<boolean> {
    return m.state === 'raised' ? this.raise(t, m.event, m, at).then(Boolean) : this.clear(t, m.event, m.loop ?? null, at);
  }

  /**
   * Moves alarms inside the caller's transaction `tx`; all or none: one refused move throws 400
   * (the caller's language) and the transaction rolls back. Call `announce` after the commit.
   */
  async move(tx: Db, alarmIds: number[], event: Move, actor: AlarmActor | null, opts: { orderId?: number; note?: string; at?: Date } = {}): Promise<Array<{ alarm: AlarmRow; from: number }>> {
    const repo = new AlarmWriteRepository(tx);
    const at = opts.at ?? new Date();
    const rows = await repo.lock(alarmIds);
    const moved: Array<{ alarm: AlarmRow; from: number }> = [];
    for (const row of rows) {
      const to = alarmMove(row.status, event);
      if (to === undefined) throw refused(row, event);
      const updated = await repo.setStatus(row.alarmId, row.status, to, at, event === 'deviceCleared');
      if (!updated) throw refused(row, event);
      moved.push({ alarm: updated, from: row.status });
    }
    await repo.log(moved.map((m) => logRow(m.alarm, event, m.from, m.alarm.status, at, actor, opts.note ?? '', opts.orderId)));
    return moved;
  }

  announce(row: AlarmRow, t: Pick<AlarmTarget, 'terminalId' | 'name' | 'family'>, event: AlarmEvent) {
    const notice: AlarmNotice = {
      alarmId: row.alarmId, terminalId: t.terminalId, terminalName: t.name, deptId: row.deptId, kind: row.kind,
      status: row.status, message: row.message, cleared: row.clearedAt !== null, event, family: t.family,
    };
    if (event === 'raise' || event === 'deviceCleared') {
      const tally = event === 'raise' ? this.counts.raised : this.counts.cleared;
      tally[row.kind] = (tally[row.kind] ?? 0) + 1;
    }
    try {
      this.notify(notice);
    } catch (err) {
      this.log.error({ err, alarmId: row.alarmId }, 'an alarm listener failed');
    }
  }
}

function logRow(a: AlarmRow, event: AlarmEvent, from: number | null, to: number, at: Date, actor: AlarmActor | null, note: string, orderId?: number): NewAlarmLog {
  return { alarmId: a.alarmId, orderId: orderId ?? null, event, fromStatus: from, toStatus: to, note: note.slice(0, 500), userId: actor?.userId ?? null, userName: actor?.name ?? '', at };
}

const refused = (row: AlarmRow, event: string) => badRequest(text('alarm.refused', { alarmId: row.alarmId, ...refusalParams(ALARM_STATUS_NAMES, row.status, event) }));
