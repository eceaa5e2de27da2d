import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle.js';

describe('LoginThrottle', () => {
  it('locks an address after the limit and releases it when the lock ends', () => {
    let now = 0;
    const t = new LoginThrottle({ maxFailures: 3, windowMs: 10_000, lockMs: 60_000 }, () => now);
    t.recordFailure('a');
    t.recordFailure('a');
    expect(() => t.assertAllowed('a')).not.toThrow();
    t.recordFailure('a');
    expect(() => t.assertAllowed('a')).toThrow(/try again in 1 minute/);
    expect(() => t.assertAllowed('b')).not.toThrow();
    now = 60_001;
    expect(() => t.assertAllowed('a')).not.toThrow();
  });

  it('forgets failures outside the window and after a success', () => {
    let now = 0;
    const t = new LoginThrottle({ maxFailures: 2, windowMs: 1_000, lockMs: 60_000 }, () => now);
    t.recordFailure('a');
    now = 5_000;
    t.recordFailure('a');
    expect(() => t.assertAllowed('a')).not.toThrow();
    t.recordSuccess('a');
    t.recordFailure('a');
    expect(() => t.assertAllowed('a')).not.toThrow();
  });
});
