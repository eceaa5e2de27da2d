import { describe, expect, it } from 'vitest';
import { presenceHorizon, STALE_MS } from './presence-horizon.js';
import type { ReadProgressRow } from './read-progress-repository.js';

const T0 = 1_767_225_600_000;
const at = (s: number) => new Date(T0 + s * 1000);
const row = (readerId: string, caughtUpS: number, reportedS: number, holdS: number): ReadProgressRow => ({
  readerId, caughtUpTo: at(caughtUpS), reportedAt: at(reportedS), holdMs: holdS * 1000,
});
const WINDOW_MS = 180_000;

describe('presenceHorizon', () => {
  it('is now without reports, and the slowest running instance otherwise, as of now', () => {
    expect(presenceHorizon([], at(100), WINDOW_MS).horizon).toEqual(at(100));
    // b reported a minute of lag a second ago.
    expect(presenceHorizon([row('a', 99, 99, 300), row('b', 39, 99, 300)], at(100), WINDOW_MS).horizon).toEqual(at(40));
  });

  it('holds where a stopped instance stopped while the broker keeps its queue, then moves on and drops it', () => {
    const stopped = row('b', 95, 100, 300);
    const live = (nowS: number) => row('a', nowS - 1, nowS - 1, 300);
    // Within its session expiry: held.
    expect(presenceHorizon([live(350), stopped], at(350), WINDOW_MS).horizon).toEqual(at(95));
    // The queue is gone at 400: from there the horizon moves on, as many seconds behind as the instance was away.
    expect(presenceHorizon([live(460), stopped], at(460), WINDOW_MS).horizon).toEqual(at(155));
    // A whole offline window later every terminal has been heard by another instance since: the row goes.
    const end = 400 + WINDOW_MS / 1000;
    const { horizon, gone } = presenceHorizon([live(end), stopped], at(end), WINDOW_MS);
    expect(horizon).toEqual(at(end));
    expect(gone).toEqual([stopped]);
  });

  it('holds an embedded-broker instance (no queue) only until its reports are stale', () => {
    const stopped = row('b', 100, 100, 0);
    expect(presenceHorizon([stopped], at(100 + STALE_MS / 1000), WINDOW_MS).horizon).toEqual(at(100));
    expect(presenceHorizon([stopped], at(130 + STALE_MS / 1000), WINDOW_MS).horizon).toEqual(at(130));
  });
});
