/** At most `limit` sign-ins per key are checked within `windowMs`; `limit` wrong ones lock the key for `lockMs`. */
export interface DeviceThrottleRule {
  limit: number;
  windowMs: number;
  lockMs: number;
}

/**
 * Two counters, as the console's sign-in keeps: a client id from any address (guessing one terminal's secret
 * from many addresses) and an address against any client id. The address limit is high because many
 * terminals on a mobile network share one public address.
 */
export interface DeviceThrottleLimits {
  clientId: DeviceThrottleRule;
  address: DeviceThrottleRule;
}

const FIVE_MINUTES = 5 * 60_000;
export const DEVICE_SIGN_IN_LIMITS: DeviceThrottleLimits = {
  clientId: { limit: 10, windowMs: FIVE_MINUTES, lockMs: FIVE_MINUTES },
  address: { limit: 200, windowMs: FIVE_MINUTES, lockMs: FIVE_MINUTES },
};

/** Whose sign-in: the client id and the socket's address (absent on a transport that has none). */
export interface DeviceAttempt {
  clientId: string;
  address?: string;
}

interface Counter {
  windowEnds: number;
  /** Wrong sign-ins in this window. */
  failed: number;
  /** Sign-ins being checked now. */
  checking: number;
  lockedUntil: number;
}

type Kind = keyof DeviceThrottleLimits;
/** Keys kept at most; past it, ended windows are dropped, then the oldest keys. */
const MAX_KEYS = 100_000;

/**
 * Slows down secret guessing on the embedded broker: an attempt is counted before its secret is checked, so
 * however many arrive at once, at most `limit` per key and window are checked; the rest are refused without
 * a database read or a hash. One process holds the embedded broker, so the counters live in its memory.
 */
export class SignInThrottle {
  private readonly counters = new Map<string, Counter>();

  constructor(
    private readonly limits: DeviceThrottleLimits = DEVICE_SIGN_IN_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts the attempt on every counter; false (nothing counted) when one is locked or full. */
  reserve(who: DeviceAttempt): boolean {
    const now = this.now();
    const keys = this.keys(who);
    const counters = keys.map(([kind, key]) => this.counter(key, kind, now));
    if (counters.some((c, i) => c.lockedUntil > now || c.failed + c.checking >= this.limits[keys[i][0]].limit)) return false;
    for (const c of counters) c.checking++;
    return true;
  }

  /**
   * A right secret (or one that could not be checked): the attempt is taken back, and a key left with nothing
   * counted is forgotten. Kept, a city's worth of right sign-ins filled the map, and every later new key scanned
   * all of it to make room (prune).
   */
  release(who: DeviceAttempt) {
    const now = this.now();
    for (const [, key] of this.keys(who)) {
      const c = this.counters.get(key);
      if (!c) continue;
      if (c.checking > 0) c.checking--;
      if (!c.checking && !c.failed && c.lockedUntil <= now) this.counters.delete(key);
    }
  }

  /** Keys counted now. */
  get size(): number {
    return this.counters.size;
  }

  /** A wrong sign-in stays counted until its window ends; returns the keys it locked (to log once), with when the locks end. */
  fail(who: DeviceAttempt): Array<{ key: string; until: number }> {
    const now = this.now();
    const locked: Array<{ key: string; until: number }> = [];
    for (const [kind, key] of this.keys(who)) {
      const c = this.counters.get(key);
      if (!c) continue;
      const rule = this.limits[kind];
      if (c.checking > 0) c.checking--;
      c.failed++;
      if (c.failed >= rule.limit && c.lockedUntil <= now) {
        c.lockedUntil = now + rule.lockMs;
        locked.push({ key, until: c.lockedUntil });
      }
    }
    return locked;
  }

  private keys(who: DeviceAttempt): Array<[Kind, string]> {
    const keys: Array<[Kind, string]> = [['clientId', `id:${who.clientId.slice(0, 128)}`]];
    if (who.address) keys.push(['address', `addr:${who.address}`]);
    return keys;
  }

  private counter(key: string, kind: Kind, now: number): Counter {
    let c = this.counters.get(key);
    if (c && c.windowEnds <= now && c.lockedUntil <= now) {
      c.windowEnds = now + this.limits[kind].windowMs;
      c.failed = 0;
    }
    if (!c) {
      if (this.counters.size >= MAX_KEYS) this.prune(now);
      c = { windowEnds: now + this.limits[kind].windowMs, failed: 0, checking: 0, lockedUntil: 0 };
      this.counters.set(key, c);
    }
    return c;
  }

  private prune(now: number) {
    for (const [key, c] of this.counters) if (c.windowEnds <= now && c.lockedUntil <= now && !c.checking) this.counters.delete(key);
    for (const key of this.counters.keys()) {
      if (this.counters.size < MAX_KEYS) break;
      this.counters.delete(key);
    }
  }
}
