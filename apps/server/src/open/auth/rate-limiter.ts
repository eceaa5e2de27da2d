const MINUTE = 60_000;

/** Where calls are counted: the database, so that every instance shares one count per key. */
export interface WindowCounter {
  /** Counts one call on `key` in a window that starts at its first call and lasts `windowMs`. */
  countInWindow(key: string, windowMs: number, now: number): Promise<{ count: number; windowStart: number }>;
}

/** Calls per key and minute, across every instance (docs/open-api.md, "Rate limits"). */
export class RateLimiter {
  constructor(
    private readonly counter: WindowCounter,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a call; answers the seconds to wait when the key is over `perMinute`, else 0. */
  async take(key: string, perMinute: number): Promise<number> {
    const now = this.now();
    const { count, windowStart } = await this.counter.countInWindow(`rate:${key}`, MINUTE, now);
    return count > perMinute ? Math.max(1, Math.ceil((windowStart + MINUTE - now) / 1000)) : 0;
  }
}
