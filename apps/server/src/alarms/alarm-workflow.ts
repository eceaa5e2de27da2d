import { ALARM_STATUS_NAMES, AlarmStatus, refusalParams, severityOf, type EventMessage } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { badRequest, text } from '../http/errors.js';
import { ALARM_DESCRIPTION, alarmMessage } from './alarm-wording.js';
import { alarmMove, isRecovery, OPEN_ALARM_STATUSES, type AlarmEvent } from './alarm-state-machine.js';
import { AlarmWriteRepository, type AlarmRow, type NewAlarm, type NewAlarmLog } from './alarm-write-repository.js';

export interface AlarmTarget {
  terminalId: number;
  name: string;
  deptId: number | null;
  /** The terminal's family: the alarm settings of its department for the family decide which events raise alarms. */
  family?: string;
}

export interface AlarmDetail {
  value?: number | null;
  loop?: number | null;
  phase?: string | null;
  /** Replaces the generated description (manual entry). */
  text?: string;
  /** Who raised it: 'device' unless said ('citizen' for a report from the pole's QR code). */
  source?: string;
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
  severity: number;
  status: number;
  message: string;
  cleared: boolean;
  event: AlarmEvent;
  family?: string;
}

/** A condition a terminal reported (device event) or the gateway saw in its readings (threshold): raised or cleared. */
export interface DeviceChange {
  target: AlarmTarget;
  kind: string;
  raised: boolean;
  detail?: AlarmDetail;
}

/** What the alarm settings of the terminal's department and family decide (`AlarmSettings`); without them every kind raises at the catalogue's severity. */
export interface AlarmRules {
  raises(t: Pick<AlarmTarget, 'family' | 'deptId'>, kind: string): Promise<boolean>;
  severity(t: Pick<AlarmTarget, 'family' | 'deptId'>, kind: string): Promise<number>;
}

/** The state machine's `deviceCleared` moves of every open status, as the set-based clear applies them. */
const DEVICE_CLEARED_MOVES = OPEN_ALARM_STATUSES.map((from) => ({ from, to: alarmMove(from, 'deviceCleared')! }));

const catalogueRules: AlarmRules = { raises: async () => true, severity: async (_t, kind) => severityOf(kind) };

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
    private readonly rules: AlarmRules = catalogueRules,
  ) {}

  /** The same state machine and store, announcing and counting nothing: for writing the past (demo history). */
  silent(): AlarmWorkflow {
    const quiet: Partial<AlarmWorkflow> = { counts: { raised: {}, cleared: {} } };
    return Object.assign(Object.create(AlarmWorkflow.prototype) as AlarmWorkflow, this, quiet, { notify: () => undefined });
  }

  /** Opens an alarm (status 1); returns whether a new one was opened (one open per terminal, kind and loop). */
  async raise(t: AlarmTarget, kind: string, d: AlarmDetail = {}, at = new Date(), actor: AlarmActor | null = null, note = ''): Promise<AlarmRow | undefined> {
    if (!actor && !(await this.rules.raises(t, kind))) return undefined;
    if (await this.repo.findOpen(t.terminalId, kind, d.loop ?? null)) return undefined;
    const values = newAlarm(t, kind, d, await this.rules.severity(t, kind), at);
    const row = await this.repo.transaction(async (repo) => {
      const inserted = await repo.insertOpen(values);
      if (inserted) await repo.log([logRow(inserted, 'raise', null, inserted.status, at, actor, note)]);
      return inserted;
    });
    if (row) this.announce(row, t, 'raise'); // otherwise another instance opened it in the meantime
    return row;
  }

  /**
   * The device (or, with `by` 'verificationCleared', the control verification) reports the condition cleared:
   * 6 without an order; with one, the status stays and the recovery is logged.
   */
  async clear(t: AlarmTarget, kind: string, loop: number | null = null, at = new Date(), by: 'deviceCleared' | 'verificationCleared' = 'deviceCleared'): Promise<boolean> {
    const open = await this.repo.findOpen(t.terminalId, kind, loop);
    if (!open) return false;
    const [row] = await this.repo.transaction((repo, tx) => this.move(tx, [open.alarmId], by, null, { at }));
    if (row) this.announce(row.alarm, t, by);
    return !!row;
  }

  applyEvent(t: AlarmTarget, m: EventMessage, at: Date): Promise<boolean> {
    return m.state === 'raised' ? this.raise(t, m.event, m, at).then(Boolean) : this.clear(t, m.event, m.loop ?? null, at);
  }

  /**
   * Device changes of one batch (device events, threshold crossings) with set-based statements: per
   * run, one statement clears the open alarms the device reported cleared (lock, update, log rows)
   * and one opens the new alarms with their log rows. Order is kept per alarm key (terminal, kind,
   * loop): a key's changes are cut into segments, each a clear, a raise, or a clear then a raise, and
   * run n writes the n-th segment of every key. Keys do not touch each other's alarms, so a key
   * repeated in a batch (a storm's backlog holds a lamp failing, recovering, failing again) costs
   * as many runs as that key has segments, not a run for every repetition in the batch. Answers,
   * per change, whether it opened or cleared an alarm.
   */
  async applyChanges(changes: DeviceChange[], at = new Date()): Promise<boolean[]> {
    const done = changes.map(() => false);
    const wanted = await Promise.all(changes.map((c) => !c.raised || this.rules.raises(c.target, c.kind)));
    const runs: number[][] = [];
    // Per key: the run of its current segment, and 'c' after a clear, 'r' once raised. A run clears
    // before it raises, so a clear then a raise of one key fit in one segment.
    const keys = new Map<string, { run: number; seen: 'c' | 'r' }>();
    for (const [i, c] of changes.entries()) {
      if (!wanted[i]) continue;
      const key = alarmKey(c.target.terminalId, c.kind, c.detail?.loop);
      const last = keys.get(key);
      const run = !last ? 0 : last.seen === 'r' || !c.raised ? last.run + 1 : last.run;
      (runs[run] ??= []).push(i);
      keys.set(key, { run, seen: c.raised ? 'r' : 'c' });
    }
    for (const run of runs) await this.applyRun(changes, run, at, done);
    return done;
  }

  private async applyRun(changes: DeviceChange[], run: number[], at: Date, done: boolean[]) {
    const raises = run.filter((i) => changes[i].raised);
    const clears = run.filter((i) => !changes[i].raised);
    const values = await Promise.all(raises.map(async (i) => {
      const c = changes[i];
      return newAlarm(c.target, c.kind, c.detail ?? {}, await this.rules.severity(c.target, c.kind), at);
    }));
    const keys = clears.map((i) => ({ terminalId: changes[i].target.terminalId, kind: changes[i].kind, loop: changes[i].detail?.loop ?? null }));
    const write = async (repo: AlarmWriteRepository) => ({
      cleared: (await repo.clearMany(keys, DEVICE_CLEARED_MOVES, at)).map((c) => c.alarm),
      opened: await repo.raiseMany(values, at),
    });
    // One statement each; both in one transaction only when the run has both.
    const { opened, cleared } = keys.length && values.length ? await this.repo.transaction(write) : await write(this.repo);
    const indexOf = (indices: number[]) => new Map(indices.map((i) => [alarmKey(changes[i].target.terminalId, changes[i].kind, changes[i].detail?.loop), i]));
    const byKey = { deviceCleared: indexOf(clears), raise: indexOf(raises) };
    for (const [rows, event] of [[cleared, 'deviceCleared'], [opened, 'raise']] as const) {
      for (const row of rows) {
        const i = byKey[event].get(alarmKey(row.terminalId, row.kind, row.loop));
        if (i === undefined) continue;
        done[i] = true;
        this.announce(row, changes[i].target, event);
      }
    }
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
      const updated = await repo.setStatus(row.alarmId, row.status, to, at, isRecovery(event));
      if (!updated) throw refused(row, event);
      moved.push({ alarm: updated, from: row.status });
    }
    await repo.log(moved.map((m) => logRow(m.alarm, event, m.from, m.alarm.status, at, actor, opts.note ?? '', opts.orderId)));
    return moved;
  }

  announce(row: AlarmRow, t: Pick<AlarmTarget, 'terminalId' | 'name' | 'family'>, event: AlarmEvent) {
    const notice: AlarmNotice = {
      alarmId: row.alarmId, terminalId: t.terminalId, terminalName: t.name, deptId: row.deptId, kind: row.kind,
      severity: row.severity ?? severityOf(row.kind), status: row.status, message: alarmMessage(row, 'en-US'), cleared: row.clearedAt !== null, event, family: t.family,
    };
    if (event === 'raise' || isRecovery(event)) {
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

const alarmKey = (terminalId: number, kind: string, loop: number | null | undefined) => `${terminalId}/${kind}/${loop ?? -1}`;

function newAlarm(t: AlarmTarget, kind: string, d: AlarmDetail, severity: number, at: Date): NewAlarm {
  return {
    terminalId: t.terminalId, deptId: t.deptId, kind, severity, status: AlarmStatus.alarm, message: d.text || describeAlarm(kind, d), messageKey: d.text ? null : ALARM_DESCRIPTION,
    value: d.value ?? null, loop: d.loop ?? null, phase: d.phase?.toUpperCase() ?? null, raisedAt: at, source: d.source ?? 'device',
  };
}

function logRow(a: AlarmRow, event: AlarmEvent, from: number | null, to: number, at: Date, actor: AlarmActor | null, note: string, orderId?: number): NewAlarmLog {
  return { alarmId: a.alarmId, orderId: orderId ?? null, event, fromStatus: from, toStatus: to, note: note.slice(0, 500), userId: actor?.userId ?? null, userName: actor?.name ?? '', at };
}

const refused = (row: AlarmRow, event: string) => badRequest(text('alarm.refused', { alarmId: row.alarmId, ...refusalParams(ALARM_STATUS_NAMES, row.status, event) }));

/**
 * A terminal moved to another department takes its alarms that are not closed along, in the caller's transaction
 * (docs/alarms.md, Data scope); answers how many moved. A function: the move is the devices domain's, which holds no workflow.
 */
export function alarmsFollowTerminal(tx: Db, terminalId: number, deptId: number, actor: AlarmActor, note: string): Promise<number> {
  return new AlarmWriteRepository(tx).followTerminal(terminalId, deptId, new Date(), actor, note);
}
