import type { DeviceFamily } from '@sl/contracts';
import type { TickSource } from './ticker.js';

/** What a simulated terminal is: identity, hardware and position. */
export interface TerminalConfig {
  family: DeviceFamily;
  sn: string;
  secret: string;
  model: 1 | 2;
  loops: number;
  phases: number;
  lat: number;
  lng: number;
  heartbeatS: number;
  firmware?: string;
  imsi?: string;
  /** Local time zone for "HH:mm" steps and weekdays; defaults to round(lng / 15) hours. */
  tzOffsetMin?: number;
  /** Where the meters stand at start (a real terminal keeps them across a restart); a random plausible reading otherwise. */
  meter?: { energyKwh: number; burnHours: number };
}

/** How a simulated terminal behaves at run time. */
export interface TerminalOptions {
  url: string;
  /** Resend an up message whose ack has not arrived in this time (protocol: 30 s). */
  ackTimeoutMs?: number;
  /** Give up on a message after this many resends (counted as dropped). */
  maxResends?: number;
  /** Epoch ms of the terminal's hardware clock; tests inject a fixed time. */
  clock?: () => number;
  /** Period of the shared timer that drives heartbeats, resends and the program. */
  tickMs?: number;
  /** Drives heartbeats, resends and the program instead of the process-wide ticker for tickMs; tests tick by hand. */
  ticker?: TickSource;
  /** Probability per tick of a random fault. */
  faultRate?: number;
  /** Random faults clear after this many seconds, picked in [min, max]. */
  faultDurationS?: [number, number];
  /** False in full-speed mode: heartbeats are driven from outside. */
  periodicHeartbeat?: boolean;
  reconnectMs?: number;
  rng?: () => number;
}

export interface TerminalStats {
  sent: number;
  acked: number;
  resent: number;
  dropped: number;
  commands: number;
  events: number;
  ackLatencySumMs: number;
  ackLatencyMaxMs: number;
}

export const emptyStats = (): TerminalStats => ({
  sent: 0, acked: 0, resent: 0, dropped: 0, commands: 0, events: 0, ackLatencySumMs: 0, ackLatencyMaxMs: 0,
});
