import type { Tick, TickSource } from '../ticker.js';

/** A ticker that ticks only when the test says so, at the time the test gives. */
export class ManualTicker implements TickSource {
  private readonly subscribers = new Set<Tick>();

  add(fn: Tick) {
    this.subscribers.add(fn);
  }

  delete(fn: Tick) {
    this.subscribers.delete(fn);
  }

  tick(now = Date.now()) {
    for (const fn of this.subscribers) fn(now);
  }
}
