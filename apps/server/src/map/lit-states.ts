/**
 * Which terminals are lit (their latest heartbeat had the lamp or a cabinet loop on). The terminal table
 * has no such column, and reading the latest heartbeat of 250,000 terminals per request is too slow, so each
 * server instance keeps the set: loaded once from the heartbeats, then kept current by the map deltas.
 */
export class LitStates {
  // One byte per terminal id: the bulk call reads 250,000 of them per request.
  private flags = new Uint8Array(1024);
  // Changes heard while the initial load runs are newer than what it reads.
  private readonly heardEarly = new Set<number>();
  private loaded = false;
  private loading?: Promise<void>;

  constructor(private readonly load: () => Promise<number[]>) {}

  /** Resolves once the initial load is done (started on first use; retried after a failure). */
  ready(): Promise<void> {
    return (this.loading ??= this.load().then(
      (ids) => {
        for (const id of ids) if (!this.heardEarly.has(id)) this.put(id, true);
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
    if (this.has(terminalId) === lit) return false;
    this.put(terminalId, lit);
    return true;
  }

  has(terminalId: number): boolean {
    return this.flags[terminalId] === 1;
  }

  private put(terminalId: number, lit: boolean) {
    if (terminalId >= this.flags.length) {
      const grown = new Uint8Array(Math.max(terminalId + 1, this.flags.length * 2));
      grown.set(this.flags);
      this.flags = grown;
    }
    this.flags[terminalId] = lit ? 1 : 0;
  }
}
