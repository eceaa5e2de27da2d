import type { GatewayLog } from './device-transport.js';
import type { ReadLag } from './read-lag.js';
import type { ReadProgressRepository } from './read-progress-repository.js';

/** How often an instance reports its read progress. */
export const REPORT_MS = 1_000;
/** How long a starting instance that has read nothing waits before it reports that it is caught up. */
export const QUIET_MS = 5_000;

export interface ReadProgressDeps {
  repo: ReadProgressRepository;
  lag: ReadLag;
  /** The instance (its MQTT client id). */
  readerId: string;
  /** How long the broker keeps this instance's queue once it is gone (its session expiry; 0 for the embedded broker). */
  holdMs: number;
  /** Writes the presence updates still held, so the report never runs ahead of what is stored. */
  flush(): Promise<void>;
  now(): Date;
  log: GatewayLog;
}

/** Tells the other instances, through the database, up to when this one has read and stored its share of the traffic. */
export class ReadProgress {
  private timer?: NodeJS.Timeout;
  private reporting?: Promise<void>;
  private readonly startedAt: number;

  constructor(private readonly d: ReadProgressDeps) {
    this.startedAt = d.now().getTime();
  }

  start(everyMs = REPORT_MS): void {
    this.timer = setInterval(() => void this.report().catch((err) => this.d.log.warn({ err }, 'read progress not reported')), everyMs);
    this.timer.unref();
  }

  /** One report (also every REPORT_MS once started); one at a time. */
  report(): Promise<void> {
    return (this.reporting ??= this.write().finally(() => (this.reporting = undefined)));
  }

  private async write() {
    const now = this.d.now();
    // A restarted instance is handed the queue the broker kept for it at once: until it has read some of it (or
    // long enough to know there is none), its old row keeps the horizon where it stopped.
    if (!this.d.lag.heardAny && now.getTime() - this.startedAt < QUIET_MS) return;
    const caughtUpTo = new Date(this.d.lag.caughtUpTo(now.getTime()));
    await this.d.flush();
    await this.d.repo.report({ readerId: this.d.readerId, caughtUpTo, reportedAt: now, holdMs: this.d.holdMs });
  }

  /**
   * A deliberate stop: the broker hands this instance's share to the others at once, so nothing is held for it.
   * Never fails a close: left behind (the database already gone), the row holds the horizon until it is stale.
   */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.reporting?.catch(() => undefined);
    await this.d.repo.forget(this.d.readerId).catch((err) => this.d.log.warn({ err }, 'read progress not removed'));
  }
}
