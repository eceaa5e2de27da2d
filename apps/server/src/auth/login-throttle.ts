import { tooManyRequests } from '../http/errors.js';

export interface ThrottleOptions {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

interface Entry {
  failures: number;
  windowStart: number;
  lockedUntil: number;
}

/** Refuses sign-in from an address after too many failures in a window, until the lock ends. */
export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly opts: ThrottleOptions = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
    private readonly now: () => number = Date.now,
  ) {}

  assertAllowed(address: string): void {
    const entry = this.entries.get(address);
    const wait = entry ? entry.lockedUntil - this.now() : 0;
    if (wait > 0) {
      throw tooManyRequests(`Too many failed sign-in attempts; try again in ${Math.ceil(wait / 60_000)} minute(s)`);
    }
  }

  recordFailure(address: string): void {
    const now = this.now();
    let entry = this.entries.get(address);
    if (!entry || now - entry.windowStart > this.opts.windowMs) entry = { failures: 0, windowStart: now, lockedUntil: 0 };
    entry.failures += 1;
    if (entry.failures >= this.opts.maxFailures) {
      entry.lockedUntil = now + this.opts.lockMs;
      entry.failures = 0;
      entry.windowStart = now;
    }
    this.entries.set(address, entry);
    if (this.entries.size > 10_000) this.prune(now);
  }

  recordSuccess(address: string): void {
    this.entries.delete(address);
  }

  private prune(now: number): void {
    for (const [key, e] of this.entries) {
      if (e.lockedUntil < now && now - e.windowStart > this.opts.windowMs) this.entries.delete(key);
    }
  }
}
