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
});
