import { describe, expect, it } from 'vitest';
import { BatchWriter } from './batch-writer.js';

describe('BatchWriter', () => {
  it('writes one batch per interval and resolves each push with its result', async () => {
    const batches: number[][] = [];
    const writer = new BatchWriter<number, number>({ write: async (items) => (batches.push(items), items.map((i) => i * 2)), onError: () => {}, intervalMs: 20 });
    const results = await Promise.all([1, 2, 3].map((i) => writer.push(i)));
    expect(results).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('writes at maxRows without waiting, and rejects the pushes of a failed batch', async () => {
    const batches: number[][] = [];
    let fail = true;
    const errors: unknown[] = [];
    const writer = new BatchWriter<number>({
      write: async (items) => {
        batches.push(items);
        if (fail) throw new Error('db down');
      },
      onError: (err) => errors.push(err),
      intervalMs: 60_000,
      maxRows: 2,
    });
    await expect(Promise.all([writer.push(1), writer.push(2)])).rejects.toThrow('db down');
    fail = false;
    const third = writer.push(3);
    await writer.flush();
    await expect(third).resolves.toBeUndefined();
    expect(batches).toEqual([[1, 2], [3]]);
    expect(errors).toHaveLength(1);
  });

  it('writes up to `concurrency` batches at once, starting them in order', async () => {
    const started: number[][] = [];
    const finish: Array<() => void> = [];
    const writer = new BatchWriter<number>({
      write: (items) => new Promise<void>((resolve) => (started.push(items), finish.push(resolve))),
      onError: () => {},
      intervalMs: 60_000,
      maxRows: 1,
      concurrency: 2,
    });
    const pushes = [1, 2, 3].map((i) => writer.push(i));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([[1], [2]]);
    finish[1]();
    await pushes[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([[1], [2], [3]]);
    let flushed = false;
    const flush = writer.flush().then(() => (flushed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(flushed).toBe(false);
    finish[0]();
    finish[2]();
    await flush;
    await expect(Promise.all(pushes)).resolves.toEqual([undefined, undefined, undefined]);
  });
});
