/**
 * Runs `read` so that each caller waits for a run that started after it called: callers arriving while one runs share
 * the next one, and two never run at once (a copy brought up to date by one must not be set back by an older one).
 */
export class FreshRead {
  private queued?: Promise<void>;
  private running?: Promise<void>;

  constructor(private readonly read: () => Promise<void>) {}

  next(): Promise<void> {
    if (this.queued) return this.queued;
    const queued = (this.running ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        this.running = this.read().finally(() => (this.running = undefined));
        return this.running;
      });
    this.queued = queued;
    return queued;
  }
}
