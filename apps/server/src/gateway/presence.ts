import { COMMUNICATION_LOST, OnlineState } from '@sl/contracts';
import type { AlarmRepository } from './alarm-repository.js';
import type { AlarmService } from './alarm-service.js';
import { BatchWriter } from './batch-writer.js';
import type { GatewayLog } from './device-transport.js';
import type { PresenceRepository, SeenRow } from './presence-repository.js';
import type { TerminalLogEntry, TerminalLogRepository } from './terminal-log-repository.js';

/** A stored message of a terminal; readings only from a new heartbeat. */
export interface SeenItem {
  terminalId: number;
  at: Date;
  voltageAbnormal?: boolean;
  locked?: boolean;
  mode?: 'manual' | 'auto';
}

export interface PresenceDeps {
  repo: PresenceRepository;
  alarmRepo: AlarmRepository;
  alarms: AlarmService;
  logs: TerminalLogRepository;
  log: GatewayLog;
  offlineAfterMissed: number;
}

const STATE_NAMES: Record<number, string> = { 1: 'online', 2: 'offline', 3: 'abnormal' };
const statusLog = (terminalId: number, from: number, to: number): TerminalLogEntry => ({
  kind: 'status', terminalId, msg: `${STATE_NAMES[from] ?? from} -> ${STATE_NAMES[to] ?? to}`, detail: { from, to },
});

/** Online state (protocol §6): batched "seen" updates, and a sweep that marks silent terminals offline. */
export class Presence {
  // Whether the last heartbeat's voltage was out of range; kept until the next heartbeat.
  private readonly voltageBad = new Map<number, boolean>();
  private readonly writer: BatchWriter<SeenItem>;

  constructor(private readonly d: PresenceDeps) {
    this.writer = new BatchWriter({ write: (items) => this.write(items), onError: (err) => d.log.error({ err }, 'online-state update failed') });
  }

  seen(item: SeenItem): void {
    this.writer.push(item).catch(() => undefined); // logged by onError; the next message retries
  }

  flush = () => this.writer.flush();

  private async write(items: SeenItem[]) {
    const merged = new Map<number, SeenItem>();
    for (const i of items) {
      const prev = merged.get(i.terminalId);
      merged.set(i.terminalId, { ...prev, ...Object.fromEntries(Object.entries(i).filter(([, v]) => v !== undefined)) } as SeenItem);
      if (i.voltageAbnormal !== undefined) this.voltageBad.set(i.terminalId, i.voltageAbnormal);
    }
    const faults = await this.d.alarmRepo.withOpenFaults([...merged.keys()]);
    const rows: SeenRow[] = [...merged.values()].map((m) => ({
      terminalId: m.terminalId, at: m.at, locked: m.locked ?? null, mode: m.mode ?? null,
      state: this.voltageBad.get(m.terminalId) || faults.has(m.terminalId) ? OnlineState.abnormal : OnlineState.online,
    }));
    const logs: TerminalLogEntry[] = [];
    for (const r of await this.d.repo.markSeen(rows)) {
      if (r.prevState !== r.state) logs.push(statusLog(r.terminalId, r.prevState, r.state));
      if (r.prevLocked !== r.locked) logs.push({ kind: 'lock', terminalId: r.terminalId, msg: r.locked ? 'locked' : 'unlocked', detail: { locked: r.locked, source: 'heartbeat' } });
      if (r.prevState === OnlineState.offline) await this.d.alarms.clear(r, COMMUNICATION_LOST);
    }
    await this.d.logs.write(logs);
  }

  /** Marks silent terminals offline, writes unline and status logs, raises communicationLost. */
  async sweep(now = new Date()): Promise<number> {
    const gone = await this.d.repo.markSilentOffline(now, this.d.offlineAfterMissed);
    if (!gone.length) return 0;
    await this.d.logs.write(
      gone.flatMap((g) => [{ kind: 'unline' as const, terminalId: g.terminalId, msg: 'no message received', detail: { missed: this.d.offlineAfterMissed } }, statusLog(g.terminalId, g.prevState, g.state)]),
    );
    for (const g of gone) await this.d.alarms.raise(g, COMMUNICATION_LOST, {}, now);
    return gone.length;
  }
}
