import { describe, expect, it } from 'vitest';
import { LoginThrottle, type ThrottleRule, type ThrottleStore } from './login-throttle.js';

/** The same counting as ThrottleRepository, in memory. */
class MemoryStore implements ThrottleStore {
  rows = new Map<string, { failures: number; windowStart: number; lockedUntil?: number }>();
  async lockedUntil(keys: string[], now: number) {
    const until = keys.map((k) => this.rows.get(k)?.lockedUntil ?? 0).filter((u) => u > now);
    return until.length ? Math.max(...until) : undefined;
  }
  async recordFailure(key: string, rule: ThrottleRule, now: number) {
    const row = this.rows.get(key);
    const fresh = !row || row.windowStart <= now - rule.windowMs;
    const next = fresh ? { failures: 1, windowStart: now, lockedUntil: row?.lockedUntil } : { ...row, failures: row.failures + 1 };
    if (next.failures >= rule.limit) next.lockedUntil = now + rule.lockMs;
    this.rows.set(key, next);
  }
  async clear(key: string) {
    this.rows.delete(key);
  }
  async purge() {}
}

const rule = (limit: number): ThrottleRule => ({ limit, windowMs: 10_000, lockMs: 60_000 });

describe('LoginThrottle', () => {
  const setup = () => {
    const clock = { now: 0 };
    const t = new LoginThrottle(new MemoryStore(), { pair: rule(3), account: rule(5), address: rule(8) }, () => clock.now);
    return { t, clock };
  };

  it('locks an account from one address after its limit, until the lock ends, and leaves other accounts alone', async () => {
    const { t, clock } = setup();
    const a = { account: 'alice', address: '10.0.0.1' };
    await t.recordFailure(a);
    await t.recordFailure(a);
    await expect(t.assertAllowed(a)).resolves.toBeUndefined();
    await t.recordFailure(a);
    await expect(t.assertAllowed(a)).rejects.toMatchObject({ code: 429, message: /try again in 1 minute/ });
    await expect(t.assertAllowed({ account: 'bob', address: '10.0.0.1' })).resolves.toBeUndefined();
    await expect(t.assertAllowed({ account: 'alice', address: '10.0.0.2' })).resolves.toBeUndefined();
    clock.now = 60_001;
    await expect(t.assertAllowed(a)).resolves.toBeUndefined();
  });

  it('locks an account guessed at from many addresses, and an address guessing at many accounts', async () => {
    const { t } = setup();
    for (let i = 0; i < 5; i++) await t.recordFailure({ account: 'alice', address: `10.0.1.${i}` });
    await expect(t.assertAllowed({ account: 'alice', address: '10.9.9.9' })).rejects.toMatchObject({ code: 429 });
    for (let i = 0; i < 8; i++) await t.recordFailure({ account: `user${i}`, address: '10.0.2.1' });
    await expect(t.assertAllowed({ account: 'carol', address: '10.0.2.1' })).rejects.toMatchObject({ code: 429 });
    await expect(t.assertAllowed({ account: 'carol', address: '10.0.2.2' })).resolves.toBeUndefined();
  });

  it('forgets failures outside the window, and a success clears only its account-and-address count', async () => {
    const { t, clock } = setup();
    const a = { account: 'alice', address: '10.0.0.1' };
    await t.recordFailure(a);
    await t.recordFailure(a);
    clock.now = 20_000;
    await t.recordFailure(a);
    await expect(t.assertAllowed(a)).resolves.toBeUndefined();
    await t.recordFailure(a);
    await t.recordSuccess(a);
    await t.recordFailure(a);
    await t.recordFailure(a);
    await expect(t.assertAllowed(a)).resolves.toBeUndefined();
    await t.recordFailure(a);
    // The account count went on through the success: five failures in its window by now.
    await expect(t.assertAllowed({ account: 'alice', address: '10.0.0.7' })).rejects.toMatchObject({ code: 429 });
  });
});
