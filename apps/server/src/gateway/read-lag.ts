/** Recent messages whose delay counts towards an instance's lag. */
const SAMPLES = 255;
/** Only messages read this recently count: once a backlog is read, its delay stops counting soon after. */
export const LAG_WINDOW_MS = 10_000;
/** A longer lag is taken as this one: a fleet that far off is more likely off in its clocks than that far behind. */
export const MAX_LAG_MS = 15 * 60_000;

/**
 * How far behind its share of the device traffic this instance reads: the median delay between a terminal
 * stamping a message and the instance receiving it. A backlog (a slow instance, or one working through the
 * queue the broker kept while it was down) delays every message alike, while a terminal with a wrong clock
 * is one sample among many, so the median follows the backlog and not the clocks.
 */
export class ReadLag {
  private readonly samples: Array<{ at: number; lag: number }> = [];
  private current = 0;
  /** Whether any stamped message was read yet. */
  heardAny = false;

  /**
   * Records a message received at `receivedAt` that the terminal stamped `sentAt`, and answers when it was sent:
   * the terminal's own timestamp, kept between the receive time less the lag and the receive time, so a backlog
   * does not make a message read late count as recent, and a wrong clock neither ages it nor dates it ahead.
   */
  heard(receivedAt: Date, sentAt?: number): Date {
    if (sentAt === undefined || !Number.isFinite(sentAt)) return receivedAt;
    const r = receivedAt.getTime();
    this.heardAny = true;
    this.samples.push({ at: r, lag: r - sentAt });
    if (this.samples.length > SAMPLES) this.samples.shift();
    const sent = Math.min(r, Math.max(sentAt, r - this.current));
    return sent === r ? receivedAt : new Date(sent);
  }

  /** The lag now (0 when nothing was read recently: nothing is queued), which heard() then uses. */
  measure(now: number): number {
    const recent = this.samples.filter((s) => s.at > now - LAG_WINDOW_MS).map((s) => s.lag).sort((a, b) => a - b);
    const median = recent.length ? recent[Math.floor(recent.length / 2)] : 0;
    this.current = Math.min(MAX_LAG_MS, Math.max(0, median));
    return this.current;
  }
}
