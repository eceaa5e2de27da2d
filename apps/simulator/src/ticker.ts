export type Tick = (now: number) => void;

/** What drives a terminal's heartbeats, resends and program: a Ticker, or a hand-driven one in tests. */
export interface TickSource {
  add(fn: Tick): void;
  delete(fn: Tick): void;
}

/** One interval timer shared by every terminal that ticks at the same period. */
export class Ticker implements TickSource {
  private readonly subscribers = new Set<Tick>();
  private timer?: NodeJS.Timeout;

  constructor(readonly periodMs: number) {}

  add(fn: Tick) {
    this.subscribers.add(fn);
    this.timer ??= setInterval(() => this.run(), this.periodMs);
  }

  delete(fn: Tick) {
    this.subscribers.delete(fn);
    if (this.subscribers.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  private run() {
    const now = Date.now();
    for (const fn of this.subscribers) {
      try {
        fn(now);
      } catch (err) {
        console.error('simulator tick failed', err);
      }
    }
  }
}

const shared = new Map<number, Ticker>();

/** The process-wide ticker for a period. */
export function sharedTicker(periodMs: number): Ticker {
  let t = shared.get(periodMs);
  if (!t) shared.set(periodMs, (t = new Ticker(periodMs)));
  return t;
}
