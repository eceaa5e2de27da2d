import { describe, expect, it } from 'vitest';
import type { HeartRunProgress } from '@sl/contracts';
import { laterRun } from './heart-run';

const run = (runId: number, done: number, running = true): HeartRunProgress => ({
  runId, done, running, total: 30, sent: 30, succeeded: done, failed: 0, family: null, userId: 1, userName: 'admin', startedAt: '', finishedAt: null,
});

describe('laterRun', () => {
  it('prefers a newer run, then a finished view, then more progress', () => {
    expect(laterRun(run(1, 30, false), run(2, 0))).toMatchObject({ runId: 2 });
    expect(laterRun(run(2, 30, false), run(2, 29))).toMatchObject({ running: false });
    expect(laterRun(run(2, 12), run(2, 20))).toMatchObject({ done: 20 });
    expect(laterRun(null, run(3, 1))).toMatchObject({ runId: 3 });
    expect(laterRun(undefined, null)).toBeNull();
  });
});
