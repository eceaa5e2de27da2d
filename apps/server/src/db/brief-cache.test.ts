import { describe, expect, it, vi } from 'vitest';
import { BriefCache } from './brief-cache.js';

describe('BriefCache', () => {
  it('keeps an answer for ttlMs, and reads again after it or after forget', async () => {
    const clock = { now: 0 };
    const cache = new BriefCache<number, string>(1000, 10, () => clock.now);
    const load = vi.fn(async (k: number) => `v${k}-${load.mock.calls.length}`);
    expect(await cache.get(1, load)).toBe('v1-1');
    clock.now = 999;
    expect(await cache.get(1, load)).toBe('v1-1');
    clock.now = 1000;
    expect(await cache.get(1, load)).toBe('v1-2');
    cache.forget([1]);
    expect(await cache.get(1, load)).toBe('v1-3');
    expect(await cache.get(2, load)).toBe('v2-4');
    cache.forget();
    expect(await cache.get(2, load)).toBe('v2-5');
  });

  it('shares one read among concurrent misses, and keeps only what keep accepts', async () => {
    const cache = new BriefCache<string, number>(1000);
    let value = 5;
    const load = vi.fn(async () => value);
    expect(await Promise.all([cache.get('a', load, (n) => n > 10), cache.get('a', load, (n) => n > 10)])).toEqual([5, 5]);
    expect(load).toHaveBeenCalledTimes(1);
    value = 50;
    expect(await cache.get('a', load, (n) => n > 10)).toBe(50);
    value = 60;
    expect(await cache.get('a', load, (n) => n > 10)).toBe(50);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('neither keeps nor shares a read that overlapped a forget, and caches nothing with a TTL of 0', async () => {
    const cache = new BriefCache<number, number>(1000);
    let value = 1;
    const first = cache.get(1, async () => value);
    cache.forget([1]);
    value = 2;
    expect(await cache.get(1, async () => value)).toBe(2);
    expect(await first).toBe(1);
    expect(await cache.get(1, async () => 3)).toBe(2);
    const none = new BriefCache<number, number>(0);
    expect(await none.get(1, async () => 1)).toBe(1);
    expect(await none.get(1, async () => 2)).toBe(2);
  });
});
