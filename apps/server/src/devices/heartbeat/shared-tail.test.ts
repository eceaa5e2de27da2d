import { describe, expect, it } from 'vitest';
import { SharedTail } from './shared-tail.js';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('SharedTail', () => {
  const big = (v: { rows: number }) => v.rows >= 1000;

  it('gives requests that arrive during a read that read, not one each', async () => {
    const tails = new SharedTail<{ rows: number }>(() => 0, 30_000);
    const pending = deferred<{ rows: number }>();
    let reads = 0;
    const read = () => (reads++, pending.promise);
    const all = Promise.all([tails.get('k', read, big), tails.get('k', read, big), tails.get('k', read, big)]);
    pending.resolve({ rows: 5 });
    expect(await all).toEqual([{ rows: 5 }, { rows: 5 }, { rows: 5 }]);
    expect(reads).toBe(1);
  });

  it('keeps a large tail until it is no longer fresh, and reads a small one anew every time', async () => {
    let now = 1_000;
    const tails = new SharedTail<{ rows: number }>(() => now, 30_000);
    let reads = 0;
    const read = (rows: number) => async () => (reads++, { rows: rows + reads });
    await tails.get('large', read(1000), big);
    now += 29_999;
    expect(await tails.get('large', read(1000), big)).toEqual({ rows: 1001 });
    now += 1;
    expect(await tails.get('large', read(1000), big)).toEqual({ rows: 1002 });
    expect(reads).toBe(2);

    expect(await tails.get('small', read(0), big)).toEqual({ rows: 3 });
    expect(await tails.get('small', read(0), big)).toEqual({ rows: 4 });
  });

  it('keeps one key apart from another (another scope, other days, another rollup run)', async () => {
    const tails = new SharedTail<{ rows: number }>(() => 0, 30_000);
    await tails.get('a', async () => ({ rows: 2000 }), big);
    expect(await tails.get('b', async () => ({ rows: 3000 }), big)).toEqual({ rows: 3000 });
    expect(await tails.get('a', async () => ({ rows: 9999 }), big)).toEqual({ rows: 2000 });
  });

  it('does not keep a failed read: every waiting request gets the error, the next one reads again', async () => {
    const tails = new SharedTail<{ rows: number }>(() => 0, 30_000);
    const pending = deferred<{ rows: number }>();
    const first = tails.get('k', () => pending.promise, big);
    const second = tails.get('k', () => Promise.resolve({ rows: 1 }), big);
    pending.reject(new Error('database away'));
    await expect(first).rejects.toThrow('database away');
    await expect(second).rejects.toThrow('database away');
    expect(await tails.get('k', async () => ({ rows: 7 }), big)).toEqual({ rows: 7 });
  });
});
