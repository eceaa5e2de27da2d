/**
 * Which terminals are lit (their latest heartbeat had the lamp or a cabinet loop on). The terminal table
 * has no such column, and reading the latest heartbeat of 250,000 terminals per request is too slow, so each
 * server instance keeps the set: loaded once from the heartbeats, then kept current by the map deltas.
 */
export class LitStates {
  private readonly lit = new Set<number>();
  // Changes heard while the initial load runs are newer than what it reads.
  private readonly heardEarly = new Set<number>();
  private loaded = false;
  private loading?: Promise<void>;

  constructor(private readonly load: () => Promise<number[]>) {}

  /** Resolves once the initial load is done (started on first use; retried after a failure). */
  ready(): Promise<void> {
    return (this.loading ??= this.load().then(
      (ids) => {
        for (const id of ids) if (!this.heardEarly.has(id)) this.lit.add(id);
        this.heardEarly.clear();
        this.loaded = true;
      },
      (err: unknown) => {
        this.loading = undefined;
        throw err;
      },
    ));
  }

  /** Records a terminal's lit state; answers whether it changed. */
  set(terminalId: number, lit: boolean): boolean {
    if (!this.loaded) this.heardEarly.add(terminalId);
    if (this.lit.has(terminalId) === lit) return false;
    if (lit) this.lit.add(terminalId);
    else this.lit.delete(terminalId);
    return true;
  }

  has(terminalId: number): boolean {
    return this.lit.has(terminalId);
  }

  ids(): Iterable<number> {
    return this.lit;
  }
}
