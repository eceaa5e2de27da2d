/** Calls per client in fixed one-minute windows, on this instance (docs/open-api.md, "Rate limits"). */
export class RateLimiter {
  private readonly windows = new Map<number, { start: number; count: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts a call; answers the seconds to wait when the client is over its limit, else 0. */
  take(clientId: number, perMinute: number): number {
    const now = this.now();
    const start = now - (now % 60_000);
    let w = this.windows.get(clientId);
    if (!w || w.start !== start) {
      if (this.windows.size > 10_000) this.windows.clear();
      this.windows.set(clientId, (w = { start, count: 0 }));
    }
    w.count++;
    return w.count > perMinute ? Math.ceil((start + 60_000 - now) / 1000) : 0;
  }
}
