import { describe, expect, it } from 'vitest';
import { SharedStatistics } from './shared-statistics.js';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('SharedStatistics', () => {
  const big = (v: { rows: number }) => v.rows >= 1000;

  it('gives requests that arrive during a read that read, not one each', async () => {
    const shared = new SharedStatistics<{ rows: number }>(() => 0, 30_000);
    const pending = deferred<{ rows: number }>();
    let reads = 0;
    const read = () => (reads++, pending.promise);
    const all = Promise.all([shared.get('k', read, big), shared.get('k', read, big), shared.get('k', read, big)]);
    pending.resolve({ rows: 5 });
    expect(await all).toEqual([{ rows: 5 }, { rows: 5 }, { rows: 5 }]);
    expect(reads).toBe(1);
  });

  it('keeps a large answer until it is no longer fresh, and reads a small one anew every time', async () => {
    let now = 1_000;
    const shared = new SharedStatistics<{ rows: number }>(() => now, 30_000);
    let reads = 0;
    const read = (rows: number) => async () => (reads++, { rows: rows + reads });
    await shared.get('large', read(1000), big);
    now += 29_999;
    expect(await shared.get('large', read(1000), big)).toEqual({ rows: 1001 });
    now += 1;
    expect(await shared.get('large', read(1000), big)).toEqual({ rows: 1002 });
    expect(reads).toBe(2);

    expect(await shared.get('small', read(0), big)).toEqual({ rows: 3 });
    expect(await shared.get('small', read(0), big)).toEqual({ rows: 4 });
  });

  it('keeps one key apart from another (another scope, other days, another rollup run)', async () => {
    const shared = new SharedStatistics<{ rows: number }>(() => 0, 30_000);
    await shared.get('a', async () => ({ rows: 2000 }), big);
    expect(await shared.get('b', async () => ({ rows: 3000 }), big)).toEqual({ rows: 3000 });
    expect(await shared.get('a', async () => ({ rows: 9999 }), big)).toEqual({ rows: 2000 });
  });

  it('does not keep a failed read: every waiting request gets the error, the next one reads again', async () => {
    const shared = new SharedStatistics<{ rows: number }>(() => 0, 30_000);
    const pending = deferred<{ rows: number }>();
    const first = shared.get('k', () => pending.promise, big);
    const second = shared.get('k', () => Promise.resolve({ rows: 1 }), big);
    pending.reject(new Error('database away'));
    await expect(first).rejects.toThrow('database away');
    await expect(second).rejects.toThrow('database away');
    expect(await shared.get('k', async () => ({ rows: 7 }), big)).toEqual({ rows: 7 });
  });
});
