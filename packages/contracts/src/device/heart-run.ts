import type { DeviceFamily } from '../enums.js';
import type { PushMessage } from '../push.js';

/**
 * A heartbeat test of all terminals in the starter's scope, run in the background on the server.
 * `done` counts the requests that settled (answered, failed or timed out); the run ends when done reaches total.
 */
export interface HeartRunProgress {
  runId: number;
  family: DeviceFamily | null;
  userId: number;
  userName: string;
  total: number;
  sent: number;
  done: number;
  succeeded: number;
  failed: number;
  running: boolean;
  startedAt: string;
  finishedAt: string | null;
}

/** Progress of a heartbeat run, pushed on the `msg` channel to the user who started it. */
export interface HeartRunPush extends PushMessage {
  code: 200;
  event: 'heartRun';
  data: HeartRunProgress;
}

export const isHeartRunPush = (m: PushMessage): m is HeartRunPush => m.event === 'heartRun' && typeof m.data === 'object' && m.data !== null;
