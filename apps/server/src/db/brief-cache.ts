interface Entry<V> {
  value: V;
  at: number;
}

/**
 * Answers read from the database, kept for at most `ttlMs` per key. The database stays the truth:
 * this instance forgets an entry at once when it changes what the entry says, and another instance
 * sees a change within `ttlMs`. Concurrent misses of one key share one read; a read that overlapped
 * a `forget` is not kept.
 */
export class BriefCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly reading = new Map<K, { promise: Promise<V>; generation: number }>();
  /** Raised by `forget`, so that a read which overlapped a change is neither kept nor shared. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The kept answer for `key`, or `load`'s; `keep` may refuse to keep an answer (it is still shared with concurrent misses). */
  get(key: K, load: (key: K) => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    if (this.ttlMs <= 0) return load(key);
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return Promise.resolve(hit.value);
    const running = this.reading.get(key);
    if (running && running.generation === this.generation) return running.promise;
    const generation = this.generation;
    const promise = load(key).then(
      (value) => {
        if (this.reading.get(key)?.promise === promise) this.reading.delete(key);
        if (generation === this.generation && keep(value)) {
          if (this.entries.size >= this.maxEntries) this.entries.clear();
          this.entries.set(key, { value, at: now });
        }
        return value;
      },
      (err: unknown) => {
        if (this.reading.get(key)?.promise === promise) this.reading.delete(key);
        throw err;
      },
    );
    this.reading.set(key, { promise, generation });
    return promise;
  }

  /** The kept answer for `key`, without reading: undefined when there is none or it is older than `ttlMs`. */
  peek(key: K): V | undefined {
    const hit = this.entries.get(key);
    return hit && this.now() - hit.at < this.ttlMs ? hit.value : undefined;
  }

  /** Forgets the keys, or every entry when none are named. */
  forget(keys?: K[]): void {
    this.generation += 1;
    if (!keys) this.entries.clear();
    else for (const key of keys) this.entries.delete(key);
  }
}
