import { COMMUNICATION_LOST, OnlineState } from '@sl/contracts';
import type { AlarmWorkflow, DeviceChange } from '../alarms/alarm-workflow.js';
import type { AlarmWriteRepository } from '../alarms/alarm-write-repository.js';
import { BatchWriter } from '../db/batch-writer.js';
import type { GatewayLog } from './device-transport.js';
import type { OfflineResult, PresenceStore, SeenRow } from './ports.js';
import type { ReadLag } from './read-lag.js';
import type { DeviceLogEntry, DeviceLogService } from '../devices/logs/device-log-service.js';

/** A stored message of a terminal; readings only from a new heartbeat. */
export interface SeenItem {
  terminalId: number;
  /** When the message was received. */
  at: Date;
  /** The terminal's own timestamp of the message (`ts`). */
  sentAt?: number;
  voltageAbnormal?: boolean;
  locked?: boolean;
  mode?: 'manual' | 'auto';
  /** The terminal's heartbeat interval; sets how often an unchanged terminal is written again. */
  heartbeatS?: number;
}

/** What this instance last wrote for a terminal; only to skip rewriting an unchanged one (the state itself is stored). */
interface Written {
  at: number;
  voltageBad: boolean;
  locked?: boolean;
  mode?: string;
}

/** An unchanged terminal's last_seen_at is rewritten at most this often (and at most every half interval). */
export const MAX_SEEN_REFRESH_MS = 5_000;
/** Terminals the offline sweep marks, logs and alarms per round. */
export const SWEEP_CHUNK = 2_000;

export interface PresenceDeps {
  repo: PresenceStore;
  alarmRepo: AlarmWriteRepository;
  alarms: AlarmWorkflow;
  logs: Pick<DeviceLogService, 'write'>;
  log: GatewayLog;
  offlineAfterMissed: number;
  /** Upper bound of the refresh window; 0 writes every message (bench/ingest measures both). */
  maxRefreshMs?: number;
  /** Told of every online-state change once it is stored. */
  onState?: (terminalId: number, state: number) => void;
  /** This instance's lag: a message read late is stored as heard when it was sent (read-lag.ts). */
  lag?: ReadLag;
  /** Up to when every instance has read what terminals sent (presence-horizon.ts); silence counts only up to there. */
  horizon?: { at(now: Date): Promise<Date> };
}

const STATE_NAMES: Record<number, string> = { 1: 'online', 2: 'offline', 3: 'abnormal' };
const statusLog = (terminalId: number, from: number, to: number): DeviceLogEntry => ({
  kind: 'status', terminalId, msg: `${STATE_NAMES[from] ?? from} -> ${STATE_NAMES[to] ?? to}`, detail: { from, to },
});

/** Online state (protocol §6): batched "seen" updates, and a sweep that marks silent terminals offline. */
export class Presence {
  private readonly written = new Map<number, Written>();
  private readonly writer: BatchWriter<SeenItem>;

  constructor(private readonly d: PresenceDeps) {
    this.writer = new BatchWriter({ write: (items) => this.write(items), onError: (err) => d.log.error({ err }, 'online-state update failed') });
  }

  seen(heard: SeenItem): void {
    const at = this.d.lag ? this.d.lag.heard(heard.at, heard.sentAt) : heard.at;
    const item = at === heard.at ? heard : { ...heard, at };
    if (this.unchanged(item)) return;
    this.writer.push(item).catch(() => undefined); // logged by onError; the next message retries
  }

  /** Drops what is known of a terminal's last write (its alarms or status changed): its next message is written. */
  forget(terminalId?: number): void {
    if (terminalId === undefined) this.written.clear();
    else this.written.delete(terminalId);
  }

  // A terminal heard again within its refresh window, with nothing new to record, needs no write:
  // under a burst (or a fleet at full speed) this keeps the terminal table out of the hot path.
  private unchanged(i: SeenItem): boolean {
    const w = this.written.get(i.terminalId);
    const refreshMs = Math.min(this.d.maxRefreshMs ?? MAX_SEEN_REFRESH_MS, (i.heartbeatS ?? 0) * 500);
    if (!w || i.at.getTime() - w.at >= refreshMs) return false;
    return (i.voltageAbnormal ?? w.voltageBad) === w.voltageBad && (i.locked ?? w.locked) === w.locked && (i.mode ?? w.mode) === w.mode;
  }

  flush = () => this.writer.flush();

  private async write(items: SeenItem[]) {
    const merged = new Map<number, SeenItem>();
    for (const i of items) {
      const prev = merged.get(i.terminalId);
      merged.set(i.terminalId, { ...prev, ...Object.fromEntries(Object.entries(i).filter(([, v]) => v !== undefined)) } as SeenItem);
    }
    const faults = await this.d.alarmRepo.withOpenFaults([...merged.keys()]);
    const rows: SeenRow[] = [...merged.values()].map((m) => ({
      terminalId: m.terminalId, at: m.at, locked: m.locked ?? null, mode: m.mode ?? null,
      voltageAbnormal: m.voltageAbnormal ?? null, fault: faults.has(m.terminalId),
    }));
    const logs: DeviceLogEntry[] = [];
    const back: DeviceChange[] = [];
    for (const r of await this.d.repo.markSeen(rows)) {
      const m = merged.get(r.terminalId);
      const prev = this.written.get(r.terminalId);
      this.written.set(r.terminalId, { at: m?.at.getTime() ?? 0, voltageBad: r.voltageAbnormal, locked: r.locked, mode: m?.mode ?? prev?.mode });
      if (r.prevState !== r.state) {
        logs.push(statusLog(r.terminalId, r.prevState, r.state));
        this.d.onState?.(r.terminalId, r.state);
      }
      if (r.prevLocked !== r.locked) logs.push({ kind: 'lock', terminalId: r.terminalId, msg: r.locked ? 'locked' : 'unlocked', detail: { locked: r.locked, source: 'heartbeat' } });
      if (r.prevState === OnlineState.offline) back.push({ target: r, kind: COMMUNICATION_LOST, raised: false });
    }
    await this.d.alarms.applyChanges(back);
    await this.d.logs.write(logs);
  }

  /**
   * Marks silent terminals offline, writes unline and status logs, raises communicationLost. Silence is
   * counted up to the horizon, not `now`: what an instance has not read yet is not silence.
   */
  async sweep(now = new Date()): Promise<number> {
    const horizon = this.d.horizon ? await this.d.horizon.at(now) : now;
    // A city-wide outage (or a gateway down for a while) silences tens of thousands at once: they are
    // marked, logged and alarmed SWEEP_CHUNK at a time, so no statement or batch grows with the fleet.
    let total = 0;
    for (;;) {
      const gone = await this.d.repo.markSilentOffline(horizon, this.d.offlineAfterMissed, SWEEP_CHUNK);
      total += await this.wentOffline(gone, now, { msg: 'no message received', detail: { missed: this.d.offlineAfterMissed } });
      if (gone.length < SWEEP_CHUNK) return total;
    }
  }

  /**
   * A terminal that received a command, never answered it and has sent nothing since is offline now,
   * not at its next missed heartbeats: an operator following the task sees both at once.
   */
  async unanswered(expired: ReadonlyArray<{ terminalId: number; sentAt: Date | null }>, now = new Date()): Promise<number> {
    if (!expired.some((t) => t.sentAt)) return 0;
    // A terminal whose messages since the command may still wait to be read is left to the offline sweep.
    const horizon = this.d.horizon ? (await this.d.horizon.at(now)).getTime() : Infinity;
    const sent = expired.flatMap((t) => (t.sentAt && t.sentAt.getTime() <= horizon ? [{ terminalId: t.terminalId, sentAt: t.sentAt }] : []));
    if (!sent.length) return 0;
    await this.flush();
    // A message within the refresh window may not be stored yet: only silence longer than it counts.
    const gone = await this.d.repo.markUnansweredOffline(sent, this.d.maxRefreshMs ?? MAX_SEEN_REFRESH_MS);
    return this.wentOffline(gone, now, { msg: 'command not answered', detail: { unanswered: true } });
  }

  private async wentOffline(gone: OfflineResult[], now: Date, why: { msg: string; detail: Record<string, unknown> }): Promise<number> {
    if (!gone.length) return 0;
    for (const g of gone) {
      this.forget(g.terminalId);
      this.d.onState?.(g.terminalId, g.state);
    }
    await this.d.logs.write(gone.flatMap((g) => [{ kind: 'unline' as const, terminalId: g.terminalId, ...why }, statusLog(g.terminalId, g.prevState, g.state)]));
    // A feeder trip silences thousands at once: their alarms are written as one batch.
    await this.d.alarms.applyChanges(gone.map((g) => ({ target: g, kind: COMMUNICATION_LOST, raised: true })), now);
    return gone.length;
  }
}
