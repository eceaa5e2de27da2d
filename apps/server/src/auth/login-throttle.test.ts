import { describe, expect, it } from 'vitest';
import { LoginThrottle, type ThrottleRule, type ThrottleStore } from './login-throttle.js';

/** The same counting as ThrottleRepository, in memory. */
class MemoryStore implements ThrottleStore {
  rows = new Map<string, { failures: number; windowStart: number; lockedUntil?: number }>();
  async reserve(key: string, rule: ThrottleRule, now: number) {
    const row = this.rows.get(key);
    if (!row || row.windowStart <= now - rule.windowMs || (row.lockedUntil !== undefined && row.lockedUntil <= now)) {
      this.rows.set(key, { failures: 1, windowStart: now });
      return undefined;
    }
    if (row.lockedUntil === undefined && row.failures < rule.limit) {
      row.failures++;
      return undefined;
    }
    return row.lockedUntil !== undefined && row.lockedUntil > now ? row.lockedUntil : now + rule.lockMs;
  }
  async release(key: string) {
    const row = this.rows.get(key);
    if (row) row.failures = Math.max(0, row.failures - 1);
  }
  async fail(key: string, rule: ThrottleRule, now: number) {
    const row = this.rows.get(key);
    if (row && row.failures >= rule.limit) row.lockedUntil = now + rule.lockMs;
  }
}

const rule = (limit: number): ThrottleRule => ({ limit, windowMs: 10_000, lockMs: 60_000 });

describe('LoginThrottle', () => {
  const setup = () => {
    const clock = { now: 0 };
    const store = new MemoryStore();
    const t = new LoginThrottle(store, { pair: rule(3), account: rule(5), address: rule(8) }, () => clock.now);
    let compared = 0;
    const attempt = (a: { account: string; address: string }, right = false) =>
      t.compare(a, async () => (compared++, right));
    return { t, clock, store, attempt, compared: () => compared };
  };

  it('locks an account from one address after its limit, the right password included, until the lock ends, and leaves others alone', async () => {
    const { clock, attempt, compared } = setup();
    const a = { account: 'alice', address: '10.0.0.1' };
    for (let i = 0; i < 3; i++) await expect(attempt(a)).resolves.toBe(false);
    await expect(attempt(a, true)).rejects.toMatchObject({ code: 429, message: /try again in 1 minute/ });
    expect(compared()).toBe(3);
    await expect(attempt({ account: 'bob', address: '10.0.0.1' }, true)).resolves.toBe(true);
    await expect(attempt({ account: 'alice', address: '10.0.0.2' }, true)).resolves.toBe(true);
    clock.now = 60_001;
    await expect(attempt(a, true)).resolves.toBe(true);
  });

  it('locks an account guessed at from many addresses, and an address guessing at many accounts', async () => {
    const { attempt } = setup();
    for (let i = 0; i < 5; i++) await attempt({ account: 'alice', address: `10.0.1.${i}` });
    await expect(attempt({ account: 'alice', address: '10.9.9.9' }, true)).rejects.toMatchObject({ code: 429 });
    for (let i = 0; i < 8; i++) await attempt({ account: `user${i}`, address: '10.0.2.1' });
    await expect(attempt({ account: 'carol', address: '10.0.2.1' }, true)).rejects.toMatchObject({ code: 429 });
    await expect(attempt({ account: 'carol', address: '10.0.2.2' }, true)).resolves.toBe(true);
  });

  it('counts an attempt before comparing it, so a burst compares at most the limit', async () => {
    const { attempt, compared } = setup();
    const a = { account: 'alice', address: '10.0.0.1' };
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => attempt(a, i === 19)));
    expect(compared()).toBe(3);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(17);
  });

  it('takes back a right password and a refused attempt, but keeps failures counted until their window ends', async () => {
    const { clock, store, attempt } = setup();
    const a = { account: 'alice', address: '10.0.0.1' };
    await attempt(a);
    await attempt(a, true);
    await attempt(a, true);
    expect(store.rows.get('pair:alice@10.0.0.1')?.failures).toBe(1);
    expect(store.rows.get('acct:alice')?.failures).toBe(1);
    await attempt(a);
    clock.now = 20_000;
    await attempt(a);
    await attempt(a);
    await expect(attempt(a, true)).resolves.toBe(true);
    await attempt(a);
    await expect(attempt(a, true)).rejects.toMatchObject({ code: 429 });
    // Refused by its pair counter: the account and address counters were not touched.
    expect(store.rows.get('acct:alice')?.failures).toBe(3);
    expect(store.rows.get('addr:10.0.0.1')?.failures).toBe(3);
  });

  it('takes the attempt back when the comparison throws', async () => {
    const { t, store } = setup();
    const a = { account: 'alice', address: '10.0.0.1' };
    await expect(t.compare(a, () => Promise.reject(new Error('bad ciphertext')))).rejects.toThrow('bad ciphertext');
    expect(store.rows.get('pair:alice@10.0.0.1')?.failures).toBe(0);
  });
});
