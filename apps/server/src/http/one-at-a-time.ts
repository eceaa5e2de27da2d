/**
 * Lets at most one task per key run at a time in this process. A task whose key is busy is refused
 * at once with the error `busy` makes (a 429), never queued, so a burst costs nothing but the refusals.
 */
export class OneAtATime<K = string> {
  private readonly running = new Set<K>();

  constructor(private readonly busy: () => Error) {}

  async run<T>(key: K, task: () => Promise<T>): Promise<T> {
    if (this.running.has(key)) throw this.busy();
    this.running.add(key);
    try {
      return await task();
    } finally {
      this.running.delete(key);
    }
  }
}
