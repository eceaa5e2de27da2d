/** A fleet with this many terminals on one of the days asked for (a city's) has its statistics kept; a smaller one's never are. */
export const KEEP_FROM_TERMINALS = 1_000;
/** How long a kept answer holds: the rollup job runs every 5 minutes, and a new run starts a new key anyway. */
export const STATISTICS_FRESH_MS = 30_000;
const MAX_KEYS = 64;

interface Entry<T> {
  at: number;
  pending: boolean;
  value: Promise<T>;
}

/**
 * The fleet statistics from the rollups (their department days and the not-yet-rolled-up tail), read once for many
 * requests. Requests for the same key while it is being read wait for that read instead of starting their own (16
 * dashboards opened at once cost one read). A city's answer (`worthKeeping`) then holds for STATISTICS_FRESH_MS: on a
 * live city every terminal has readings since the rollup job's last run, and reading them costs hundreds of
 * milliseconds of the database a request (docs/performance.md, issue 32 goal 1). The days and the tail are kept
 * together, so a kept answer never adds a tail to days rolled up after it. Any other answer is read anew by the next
 * request, so a small installation's figures follow each reading at once.
 */
export class SharedStatistics<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly freshMs = STATISTICS_FRESH_MS,
  ) {}

  get(key: string, read: () => Promise<T>, worthKeeping: (value: T) => boolean): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && (hit.pending || this.now() - hit.at < this.freshMs)) return hit.value;
    const entry: Entry<T> = { at: this.now(), pending: true, value: read() };
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > MAX_KEYS) this.entries.delete(this.entries.keys().next().value as string);
    const forget = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    entry.value.then(
      (value) => {
        entry.pending = false;
        entry.at = this.now();
        if (!worthKeeping(value)) forget();
      },
      forget,
    );
    return entry.value;
  }
}
