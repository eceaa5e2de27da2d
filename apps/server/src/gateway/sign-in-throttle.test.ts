import { describe, expect, it } from 'vitest';
import { SignInThrottle } from './sign-in-throttle.js';

const rule = (limit: number) => ({ limit, windowMs: 60_000, lockMs: 300_000 });

describe('SignInThrottle', () => {
  it('checks at most the limit per client id, locks it on the last wrong one, and opens again after the lock', () => {
    let now = 0;
    const throttle = new SignInThrottle({ clientId: rule(2), address: rule(100) }, () => now);
    const who = { clientId: 'rdcsm:A1', address: '10.0.0.1' };
    expect([throttle.reserve(who), throttle.reserve(who), throttle.reserve(who)]).toEqual([true, true, false]);
    expect(throttle.fail(who)).toEqual([]);
    expect(throttle.fail(who)).toEqual([{ key: 'id:rdcsm:A1', until: 300_000 }]);
    now = 299_999;
    expect(throttle.reserve(who)).toBe(false);
    now = 300_000;
    expect(throttle.reserve(who)).toBe(true);
  });

  it('takes a right secret back, so reconnecting never locks; counts the address across client ids', () => {
    const throttle = new SignInThrottle({ clientId: rule(2), address: rule(3) }, () => 0);
    const right = { clientId: 'rdcsm:OK', address: '10.0.0.2' };
    for (let i = 0; i < 10; i++) {
      expect(throttle.reserve(right)).toBe(true);
      throttle.release(right);
    }
    for (const id of ['x1', 'x2', 'x3']) {
      expect(throttle.reserve({ clientId: id, address: '10.0.0.2' })).toBe(true);
      throttle.fail({ clientId: id, address: '10.0.0.2' });
    }
    expect(throttle.reserve(right)).toBe(false);
    expect(throttle.reserve({ ...right, address: '10.0.0.3' })).toBe(true);
  });

  it('forgets a key once its sign-ins were right, and keeps one with a wrong sign-in for its window', () => {
    let now = 0;
    const throttle = new SignInThrottle({ clientId: rule(5), address: rule(1_000_000) }, () => now);
    // A city reconnecting from one address: nothing is kept once each sign-in is checked right.
    for (let i = 0; i < 5_000; i++) {
      const who = { clientId: `rdcsm:C${i}`, address: '10.0.0.9' };
      expect(throttle.reserve(who)).toBe(true);
      throttle.release(who);
    }
    expect(throttle.size).toBe(0);
    // A wrong one stays counted (client id and address) through a right one, until its window ends.
    const who = { clientId: 'rdcsm:W1', address: '10.0.0.9' };
    throttle.reserve(who);
    throttle.fail(who);
    throttle.reserve(who);
    throttle.release(who);
    expect(throttle.size).toBe(2);
    expect([1, 2, 3, 4].map(() => throttle.reserve(who))).toEqual([true, true, true, true]);
    expect(throttle.reserve(who)).toBe(false); // 1 wrong + 4 checking = the limit of 5
  });
});
