import { describe, expect, it } from 'vitest';
import { BatchWriter, UnstorableError } from './batch-writer.js';

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

  it('writes a batch refused for its data again in halves: only the refused items fail, the rest resolve in order', async () => {
    const writes: number[][] = [];
    const dataError = Object.assign(new Error('value out of range'), { code: '22003' });
    const errors: unknown[] = [];
    const writer = new BatchWriter<number, number>({
      write: async (items) => {
        writes.push(items);
        if (items.some((i) => i % 7 === 0)) throw dataError;
        return items.map((i) => i * 10);
      },
      onError: (err) => errors.push(err),
      isItemError: (err) => (err as { code?: string }).code === '22003',
      intervalMs: 60_000,
      maxRows: 16,
    });
    const pushes = Array.from({ length: 16 }, (_, i) => writer.push(i + 1).then((r) => r, (err: unknown) => err));
    const results = await Promise.all(pushes);
    results.forEach((r, i) => {
      if ((i + 1) % 7 === 0) expect(r).toBeInstanceOf(UnstorableError);
      else expect(r).toBe((i + 1) * 10);
    });
    expect((results[6] as UnstorableError).cause).toBe(dataError);
    expect(writer.failures).toBe(1);
    expect(errors).toHaveLength(1);
    // Every good item was written exactly once, in the original order.
    const written = writes.filter((w) => !w.some((i) => i % 7 === 0)).flat();
    expect(written).toEqual(Array.from({ length: 16 }, (_, i) => i + 1).filter((i) => i % 7 !== 0));
    expect(writes.length).toBeLessThan(16);
  });

  it('fails the whole batch when the database is away, even while isolating', async () => {
    let calls = 0;
    const down = new Error('connection refused');
    const writer = new BatchWriter<number>({
      write: async () => {
        calls++;
        throw calls === 1 ? Object.assign(new Error('bad value'), { code: '22P02' }) : down;
      },
      onError: () => {},
      isItemError: (err) => (err as { code?: string }).code === '22P02',
      intervalMs: 60_000,
      maxRows: 4,
    });
    const results = await Promise.all([1, 2, 3, 4].map((i) => writer.push(i).then(() => 'stored', (err: unknown) => err)));
    expect(results).toEqual([down, down, down, down]);
  });
});
