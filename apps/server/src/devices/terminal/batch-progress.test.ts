import { describe, expect, it } from 'vitest';
import type { BatchProgressPush } from '@sl/contracts';
import { BatchProgress } from './batch-progress.js';

describe('BatchProgress', () => {
  const make = () => {
    const sent: Array<[number, BatchProgressPush]> = [];
    return { sent, progress: new BatchProgress((userId, push) => sent.push([userId, push])) };
  };

  it('tells the sender after each settled task of the batch, counting each outcome once', () => {
    const { sent, progress } = make();
    progress.track('b1', 7, [1, 2, 3]);
    progress.settle(2, 'succeeded');
    progress.settle(3, 'timedOut');
    progress.settle(3, 'succeeded');
    progress.settle(1, 'failed');
    expect(sent.map(([u, p]) => [u, p.succeeded, p.failed, p.timedOut, p.total])).toEqual([
      [7, 1, 0, 0, 3],
      [7, 1, 0, 1, 3],
      [7, 1, 1, 1, 3],
    ]);
  });

  it('counts outcomes heard before the batch was registered', () => {
    const { sent, progress } = make();
    progress.settle(10, 'succeeded');
    progress.settle(99, 'failed');
    progress.track('b2', 3, [10, 11]);
    expect(sent).toHaveLength(1);
    expect(sent[0][1]).toMatchObject({ batchId: 'b2', succeeded: 1, total: 2 });
  });
});
