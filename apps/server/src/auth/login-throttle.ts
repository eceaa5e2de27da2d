import type { MessageKey } from '@sl/contracts';
import { text, tooManyRequests } from '../http/errors.js';

/** At most `limit` attempts per key are compared within `windowMs`; `limit` failures lock the key for `lockMs`. */
export interface ThrottleRule {
  limit: number;
  windowMs: number;
  lockMs: number;
}

/**
 * Three counters, so that guessing is capped per account without one address locking out everyone:
 * an account from one address (the lock a mistyping user meets), an account from any address
 * (caps guessing spread over many addresses), and an address against any account.
 */
export interface ThrottleLimits {
  pair: ThrottleRule;
  account: ThrottleRule;
  address: ThrottleRule;
}

const QUARTER_HOUR = 15 * 60_000;
export const DEFAULT_THROTTLE: ThrottleLimits = {
  pair: { limit: 5, windowMs: QUARTER_HOUR, lockMs: QUARTER_HOUR },
  account: { limit: 20, windowMs: QUARTER_HOUR, lockMs: QUARTER_HOUR },
  address: { limit: 50, windowMs: QUARTER_HOUR, lockMs: QUARTER_HOUR },
};

/** Who is guessing which password: the account's user name and the client address. */
export interface Attempt {
  account: string;
  address: string;
}

/**
 * Where the counters live: the database (shared by every instance, kept across restarts). Each call is one
 * atomic statement, so concurrent attempts on any instance are counted one by one.
 */
export interface ThrottleStore {
  /**
   * Counts one more attempt on `key` unless the key is locked or its window already holds `rule.limit` attempts
   * (failed ones and ones still being compared). Undefined when counted, else when the refusal ends.
   */
  reserve(key: string, rule: ThrottleRule, now: number): Promise<number | undefined>;
  /** Takes back one counted attempt: it was right, or was refused by another counter before any comparison. */
  release(key: string): Promise<void>;
  /** The counted attempt was wrong: it stays counted, and locks the key when the window holds `rule.limit`. */
  fail(key: string, rule: ThrottleRule, now: number): Promise<void>;
}

const KINDS = ['pair', 'account', 'address'] as const;

const keysOf = ({ account, address }: Attempt) => {
  const a = account.slice(0, 64);
  const ip = address.slice(0, 64);
  return { pair: `pair:${a}@${ip}`, account: `acct:${a}`, address: `addr:${ip}` } satisfies Record<keyof ThrottleLimits, string>;
};

/**
 * Guards password comparisons (sign-in, password checks, the QR binding): an attempt is counted on all three
 * counters before its password is compared, so however many arrive at once, at most `limit` of them are
 * compared per counter and window; the rest, the right password included, are refused with 429.
 */
export class LoginThrottle {
  constructor(
    private readonly store: ThrottleStore,
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Runs `compare` (does the password match?) once the attempt is counted, and returns its answer. A wrong
   * password stays counted; a right one (or a comparison that throws) is taken back, and so never locks anyone.
   * Earlier failures stay counted after a right password until their window ends, so that a right password
   * inside a burst of guesses does not make room for more of them.
   */
  async compare(attempt: Attempt, compare: () => Promise<boolean>, message: MessageKey = 'auth.tooManySignIns'): Promise<boolean> {
    const keys = keysOf(attempt);
    const counted: string[] = [];
    const releaseAll = () => Promise.all(counted.map((key) => this.store.release(key)));
    for (const kind of KINDS) {
      const now = this.now();
      const until = await this.store.reserve(keys[kind], this.limits[kind], now);
      if (until !== undefined) {
        await releaseAll();
        throw tooManyRequests(text(message, { minutes: Math.max(1, Math.ceil((until - now) / 60_000)) }));
      }
      counted.push(keys[kind]);
    }
    let right: boolean;
    try {
      right = await compare();
    } catch (err) {
      await releaseAll();
      throw err;
    }
    if (right) await releaseAll();
    else for (const kind of KINDS) await this.store.fail(keys[kind], this.limits[kind], this.now());
    return right;
  }
}
