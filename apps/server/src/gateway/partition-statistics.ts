import type { GatewayLog } from './device-transport.js';
import type { ReadingTable } from './reading-repository.js';

const DAY_MS = 86_400_000;
/**
 * Rows written into a day's partition before its statistics are looked at: the first. A day's partition the gateway
 * writes into may already hold many readings written without statistics (the demo's past week, an import), and
 * without any the planner guesses a handful of rows there and checks each new reading against all of them
 * (reading-repository.ts, notStoredYet). Statistics of a young day are enough for the checks' plans.
 */
export const ANALYZE_AFTER_ROWS = 1;

/**
 * Sees that each day's partition the ingest writes into gets planner statistics early, once per day and table
 * in this process: a new day's partition has none until autovacuum comes round (PGlite never does).
 */
export class PartitionStatistics {
  private readonly written = new Map<string, number>();
  private readonly checked = new Set<string>();

  constructor(
    private readonly analyze: (table: ReadingTable, day: Date) => Promise<boolean>,
    private readonly log: GatewayLog,
    private readonly afterRows = ANALYZE_AFTER_ROWS,
  ) {}

  /** Readings stored in `table`, by their timestamps (ms). */
  wrote(table: ReadingTable, times: number[]): void {
    for (const t of times) {
      const key = `${table}/${Math.floor(t / DAY_MS)}`;
      if (this.checked.has(key)) continue;
      const n = (this.written.get(key) ?? 0) + 1;
      if (n < this.afterRows) {
        this.written.set(key, n);
        continue;
      }
      this.written.delete(key);
      this.checked.add(key);
      const day = new Date(Math.floor(t / DAY_MS) * DAY_MS);
      this.analyze(table, day).then(
        (ran) => ran && this.log.info({ table, day: day.toISOString().slice(0, 10) }, 'partition analyzed'),
        (err) => {
          this.checked.delete(key); // tried again after as many rows more
          this.log.warn({ err, table }, 'partition not analyzed');
        },
      );
    }
  }
}
