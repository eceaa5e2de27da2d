import type { EventEmitter } from 'node:events';
import type { CommandName } from '@sl/contracts';

export interface SendOptions {
  userId?: number;
  /** How long the terminal has to reply before the task is marked timed out. */
  ttlMs?: number;
}

export interface SentCommand {
  taskId: number;
  mid: string;
}

/** Sends commands to terminals and records them as tasks; replies and time-outs settle the tasks. */
export interface CommandSender {
  send(terminalId: number, cmd: CommandName, params: Record<string, unknown>, opts?: SendOptions): Promise<SentCommand>;
}

/** An alarm raised or cleared by device traffic, for the push channel. */
export interface AlarmNotice {
  alarmId: number;
  terminalId: number;
  terminalName: string;
  deptId: number | null;
  kind: string;
  status: number;
  message: string;
  cleared: boolean;
}

/** Commands sent by this instance, and the outcomes it recorded (a reply, a failed publish, a time-out). */
export interface CommandCounts {
  sent: number;
  succeeded: number;
  failed: number;
  timedOut: number;
}

/** Alarms this instance raised and cleared, by kind. */
export interface AlarmCounts {
  raised: Record<string, number>;
  cleared: Record<string, number>;
}

/** Counters since the process started; read at scrape time by the Prometheus metrics. */
export interface GatewayStats {
  connected: number;
  received: number;
  stored: number;
  rejected: Record<string, number>;
  batchFailures: number;
  authRefused: Record<string, number>;
  commands: CommandCounts;
  alarms: AlarmCounts;
}

/** What the rest of the server sees of the device gateway. */
export interface GatewayHandle {
  commands: CommandSender;
  /** Emits 'alarm' with an AlarmNotice. */
  events: EventEmitter;
  stats(): GatewayStats;
  /** Drops cached terminal data (one terminal, or all) after the terminal table changed. */
  invalidateTerminal(terminalId?: number): void;
  close(): Promise<void>;
}
