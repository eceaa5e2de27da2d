/** The messages that tell the lag: the most recent few, so it follows a backlog as it grows or drains. */
const SAMPLES = 15;
/** Nothing read for this long: nothing is queued for this instance (the broker hands a connected instance its queue at once). */
export const IDLE_MS = 30_000;
/** A lag up to this is delivery time and clock error, not a backlog. */
export const PROMPT_LAG_MS = 2_000;
/** A longer lag is taken as this one: a fleet that far off is more likely off in its clocks than that far behind. */
export const MAX_LAG_MS = 15 * 60_000;

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * How far behind its share of the device traffic this instance reads, from the terminals' own timestamps. A
 * backlog (a slow instance, or one working through the queue the broker kept while it was down) delays every
 * message alike, while a terminal with a wrong clock is one message among many: medians follow the backlog,
 * not the clocks.
 */
export class ReadLag {
  /** The latest messages read: when received, and when sent (the terminal's timestamp, never after receipt). */
  private readonly samples: Array<{ received: number; sent: number }> = [];
  private lag = 0;
  /** Whether any stamped message was read yet. */
  heardAny = false;

  /**
   * Records a message received at `receivedAt` that the terminal stamped `sentAt`, and answers when it was sent:
   * its own timestamp, kept between the receive time less the lag and the receive time, so a message read late
   * does not count as recent, and a wrong clock neither ages it nor dates it ahead.
   */
  heard(receivedAt: Date, sentAt?: number): Date {
    if (sentAt === undefined || !Number.isFinite(sentAt)) return receivedAt;
    const r = receivedAt.getTime();
    this.heardAny = true;
    this.samples.push({ received: r, sent: Math.min(sentAt, r) });
    if (this.samples.length > SAMPLES) this.samples.shift();
    const sent = Math.min(r, Math.max(sentAt, r - this.lag));
    return sent === r ? receivedAt : new Date(sent);
  }

  /**
   * Up to when this instance has read what terminals sent, as of `now`; also sets the lag heard() uses. Reading
   * promptly, or nothing for IDLE_MS: up to `now`, less the delivery time. Behind: up to what the recent
   * messages it read were sent at (a median, so neither one wrong clock nor a pause in reading moves it on).
   */
  caughtUpTo(now: number): number {
    const newest = this.samples.at(-1);
    if (!newest || now - newest.received > IDLE_MS) {
      this.lag = 0;
      return now;
    }
    this.lag = Math.min(MAX_LAG_MS, Math.max(0, median(this.samples.map((s) => s.received - s.sent))));
    if (this.lag <= PROMPT_LAG_MS) return now - this.lag;
    return Math.max(now - MAX_LAG_MS, median(this.samples.map((s) => s.sent)));
  }
}
