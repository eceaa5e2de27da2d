import type { MessageKey } from '@sl/contracts';
import { text, tooManyRequests } from '../http/errors.js';

/** `limit` failures within `windowMs` lock the key for `lockMs`. */
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

/** Where the counters live: the database (shared by every instance, kept across restarts). */
export interface ThrottleStore {
  lockedUntil(keys: string[], now: number): Promise<number | undefined>;
  recordFailure(key: string, rule: ThrottleRule, now: number): Promise<void>;
  clear(key: string): Promise<void>;
  purge(now: number): Promise<void>;
}

const keysOf = ({ account, address }: Attempt) => {
  const a = account.slice(0, 64);
  const ip = address.slice(0, 64);
  return { pair: `pair:${a}@${ip}`, account: `acct:${a}`, address: `addr:${ip}` } satisfies Record<keyof ThrottleLimits, string>;
};

/** Refuses password attempts (sign-in, password checks) on a locked account, account-and-address or address until the lock ends. */
export class LoginThrottle {
  constructor(
    private readonly store: ThrottleStore,
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  async assertAllowed(attempt: Attempt, message: MessageKey = 'auth.tooManySignIns'): Promise<void> {
    const until = await this.store.lockedUntil(Object.values(keysOf(attempt)), this.now());
    if (until !== undefined) throw tooManyRequests(text(message, { minutes: Math.max(1, Math.ceil((until - this.now()) / 60_000)) }));
  }

  async recordFailure(attempt: Attempt): Promise<void> {
    const keys = keysOf(attempt);
    const now = this.now();
    for (const kind of ['pair', 'account', 'address'] as const) await this.store.recordFailure(keys[kind], this.limits[kind], now);
  }

  /** A right password clears only its own account-and-address counter: successes must not reset an attacker's account or address count. */
  async recordSuccess(attempt: Attempt): Promise<void> {
    await this.store.clear(keysOf(attempt).pair);
  }

  purge(): Promise<void> {
    return this.store.purge(this.now());
  }
}
