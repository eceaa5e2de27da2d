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

export interface GatewayStats {
  connected: number;
  received: number;
  stored: number;
  rejected: Record<string, number>;
}

/** What the rest of the server sees of the device gateway. */
export interface GatewayHandle {
  commands: CommandSender;
  /** Emits 'alarm' (AlarmNotice), 'presence' (PresenceNotice), 'reading' (ReadingNotice) and 'task' (TaskNotice). */
  events: EventEmitter;
  stats(): GatewayStats;
  /** Drops cached terminal data (one terminal, or all) after the terminal table changed. */
  invalidateTerminal(terminalId?: number): void;
  close(): Promise<void>;
}
