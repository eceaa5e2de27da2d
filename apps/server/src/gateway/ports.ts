import type { DomainEventBus } from '../events/domain-events.js';
import type { DomainCore } from '../domain-core.js';
import type { CommandName } from '@sl/contracts';
import type { SignInRefusal } from './device-transport.js';
import type { TerminalAccounts } from './dynsec/terminal-accounts.js';

export interface SendOptions {
  userId?: number;
  /** How long the terminal has to reply before the task is marked timed out. */
  ttlMs?: number;
}

export interface SentCommand {
  taskId: number;
  mid: string;
}

/** One command to one terminal. */
export interface CommandRequest {
  terminalId: number;
  cmd: CommandName;
  params: Record<string, unknown>;
}

/** A command sent (or queued for its terminal), or why it was not. */
export type SendOutcome = SentCommand | { error: unknown };

/** Sends commands to terminals and records them as tasks; replies and time-outs settle the tasks. */
export interface CommandSender {
  send(terminalId: number, cmd: CommandName, params: Record<string, unknown>, opts?: SendOptions): Promise<SentCommand>;
  /** Many commands at once, their task rows written together; one outcome per request, in order. */
  sendMany(requests: CommandRequest[], opts?: SendOptions): Promise<SendOutcome[]>;
}

/** An alarm raised, moved or cleared, for the push channel (the alarm domain owns it). */
export type { AlarmCounts, AlarmNotice } from '../alarms/alarm-workflow.js';
import type { AlarmCounts } from '../alarms/alarm-workflow.js';

/** Commands sent by this instance, and the outcomes it recorded (a reply, a failed publish, a time-out). */
export interface CommandCounts {
  sent: number;
  succeeded: number;
  failed: number;
  timedOut: number;
}


/** A task settled by a reply or timed out by the sweep. */
export interface TaskNotice {
  taskId: number;
  terminalId: number;
  cmd: string;
  state: 'succeeded' | 'failed' | 'timedOut';
  msg: string;
  /** Who sent the command, when a user did. */
  userId: number | null;
}

/** A terminal's online state changed (OnlineState). */
export interface PresenceNotice {
  terminalId: number;
  state: number;
}

/** A new heartbeat: whether the lamp (or any cabinet loop) is on. */
export interface ReadingNotice {
  terminalId: number;
  lit: boolean;
}

/** A stored message of a terminal, as presence writes it on the terminal row. */
export interface SeenRow {
  terminalId: number;
  at: Date;
  /** From a heartbeat; null keeps the stored verdict (a hello, event or reply carries none). */
  voltageAbnormal: boolean | null;
  /** Whether the terminal has an open fault alarm. */
  fault: boolean;
  /** From a cabinet heartbeat; null keeps the stored value. */
  locked: boolean | null;
  mode: 'manual' | 'auto' | null;
}

export interface SeenResult {
  terminalId: number;
  name: string;
  deptId: number | null;
  prevState: number;
  state: number;
  prevLocked: boolean;
  locked: boolean;
  voltageAbnormal: boolean;
}

export type OfflineResult = Omit<SeenResult, 'locked' | 'prevLocked' | 'voltageAbnormal'>;

/** A command that went out to a terminal and timed out without a reply. */
export interface UnansweredCommand {
  terminalId: number;
  sentAt: Date;
}

export interface HelloRow {
  terminalId: number;
  firmware: string;
  imsi: string | null;
  loops: number;
  phases: number;
  heartbeatS: number;
}

/**
 * What the gateway writes on terminal rows: liveness, what hello reports, and the effects of settled commands.
 * The table's owner implements it (devices/terminal/terminal-write-repository.ts); the root hands it over in the core.
 */
export interface TerminalStateStore {
  markSeen(rows: SeenRow[]): Promise<SeenResult[]>;
  markSilentOffline(now: Date, missed: number, limit: number): Promise<OfflineResult[]>;
  markUnansweredOffline(sent: UnansweredCommand[], graceMs: number): Promise<OfflineResult[]>;
  applyHellos(rows: HelloRow[]): Promise<void>;
  setControlMode(terminalId: number, mode: 'manual' | 'auto'): Promise<void>;
  setHeartbeatS(terminalId: number, heartbeatS: number): Promise<void>;
  /** Returns whether the value changed. */
  setLocked(terminalId: number, locked: boolean): Promise<boolean>;
}

/** Where the presence state lives: in the terminal rows, so every instance and a restarted one see the same. */
export type PresenceStore = Pick<TerminalStateStore, 'markSeen' | 'markSilentOffline' | 'markUnansweredOffline'>;

/** Counters since the process started; read at scrape time by the Prometheus metrics. */
export interface GatewayStats {
  connected: number;
  received: number;
  stored: number;
  /** Up messages dropped, by reason (RejectReason in device-transport.ts). */
  rejected: Record<string, number>;
  /** Batches the database refused (data or outage), each counted once however it was then split. */
  batchFailures: number;
  /** Refused MQTT sign-ins by reason (SignInRefusal in device-transport.ts). */
  authRefused: Record<string, number>;
  commands: CommandCounts;
  alarms: AlarmCounts;
}

/** What the rest of the server sees of the device gateway. */
export interface GatewayHandle {
  commands: CommandSender;
  /** The server's domain events; the gateway raises `alarm.changed`, `terminal.presence`, `reading.stored` and `task.settled`. */
  events: DomainEventBus;
  /** The bus and alarm workflow the gateway shares with the app (domain-core.ts). */
  core: DomainCore;
  stats(): GatewayStats;
  /** Logs and counts a sign-in the external broker's authenticator refused (the embedded broker does it itself). */
  signInRefused(reason: SignInRefusal, who: { clientId: string; username: string | undefined }): void;
  /** The terminals' accounts on the external broker, when the server keeps them (MQTT_DYNSEC). */
  accounts?: TerminalAccounts;
  /** Drops cached terminal data (one terminal, or all) after the terminal table changed. */
  invalidateTerminal(terminalId?: number): void;
  close(): Promise<void>;
}
