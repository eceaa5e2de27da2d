import { PUSH_PING_FAILURE_LIMIT, PUSH_PING_INTERVAL_MS } from '@sl/contracts';
import { timerSlot, type PushTimers } from './push-timers';

export interface Keepalive {
  /** Something arrived (or the socket opened): silence and the unanswered count start again. */
  heard(): void;
  stop(): void;
}

/**
 * After PUSH_PING_INTERVAL_MS of silence calls `ping`, and again after each further silent interval.
 * When PUSH_PING_FAILURE_LIMIT pings in a row have each gone a whole interval unanswered, calls `dead`
 * (so with the defaults: pings at 2, 4, 6, 8 and 10 minutes of silence, `dead` at 12 minutes).
 */
export function createKeepalive(timers: PushTimers, ping: () => void, dead: () => void): Keepalive {
  const silence = timerSlot(timers);
  let unanswered = 0;
  const onSilence = () => {
    if (unanswered >= PUSH_PING_FAILURE_LIMIT) return dead();
    unanswered += 1;
    ping();
    silence.arm(onSilence, PUSH_PING_INTERVAL_MS);
  };
  return {
    heard() {
      unanswered = 0;
      silence.arm(onSilence, PUSH_PING_INTERVAL_MS);
    },
    stop() {
      unanswered = 0;
      silence.clear();
    },
  };
}
