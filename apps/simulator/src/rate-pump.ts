import type { SimTerminal } from './terminal.js';

/**
 * Full-speed mode: `rate` heartbeats per second across the fleet, round-robin over connected
 * terminals, whatever their heartbeat interval.
 */
export class RatePump {
  private timer?: NodeJS.Timeout;
  private next = 0;
  private credit = 0;
  private last = 0;

  constructor(
    private readonly terminals: () => SimTerminal[],
    private readonly rate: number,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  start() {
    this.last = this.clock();
    this.timer = setInterval(() => this.pump(), 10);
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private pump() {
    const now = this.clock();
    // Cap the backlog at one second so a stalled loop does not burst afterwards.
    this.credit = Math.min(this.rate, this.credit + ((now - this.last) / 1000) * this.rate);
    this.last = now;
    const all = this.terminals();
    if (!all.length) return;
    let budget = Math.floor(this.credit);
    for (let tried = 0; budget > 0 && tried < all.length; tried++) {
      const t = all[this.next++ % all.length];
      if (!t.connected || t.silent) continue;
      t.sendHeartbeat();
      budget--;
      this.credit--;
      tried = -1;
    }
  }
}
