import { describe, expect, it } from 'vitest';
import type { CommandResultPush } from '@sl/contracts';
import { EARLY_OUTCOMES_KEPT, isCommandResult, keepEarly } from './task-state';
import { batchCounts, type BatchView } from './use-batch-follower';

const push = (taskId: number, state: CommandResultPush['state'] = 'succeeded'): CommandResultPush => ({ code: 200, event: 'task', taskId, terminalId: 1, cmd: 'light.close', state, msg: '' });

describe('task states', () => {
  it('recognises command outcomes among other pushes', () => {
    expect(isCommandResult(push(1))).toBe(true);
    expect(isCommandResult({ code: 200, event: 'mapDelta', changes: [] })).toBe(false);
    expect(isCommandResult(null)).toBe(false);
  });

  it('keeps early outcomes up to the limit, dropping the oldest', () => {
    const early = new Map<number, CommandResultPush>();
    for (let id = 1; id <= EARLY_OUTCOMES_KEPT + 2; id++) keepEarly(early, push(id));
    expect(early.size).toBe(EARLY_OUTCOMES_KEPT);
    expect(early.has(1)).toBe(false);
    expect(early.has(3)).toBe(true);
  });

  it('counts a batch from its tasks, never behind the server count', () => {
    const batch: BatchView = {
      batchId: 'b', label: 'off', reported: 0,
      tasks: [
        { terminalId: 1, taskId: 1, state: 'succeeded' },
        { terminalId: 2, taskId: 2, state: 'timedOut' },
        { terminalId: 3, taskId: 3, state: 'failed', msg: 'relay stuck' },
        { terminalId: 4, taskId: 4, state: 'pending' },
      ],
    };
    expect(batchCounts(batch)).toEqual({ total: 4, settled: 3, succeeded: 1, failed: 1, timedOut: 1, percent: 75 });
    expect(batchCounts({ ...batch, reported: 4 }).percent).toBe(100);
  });
});
