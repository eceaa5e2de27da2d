export interface BatchWriterOptions<T, R> {
  /** Writes one batch; returns one result per item (or nothing when there is none to give). */
  write(items: T[]): Promise<R[] | void>;
  onError(err: unknown, items: T[]): void;
  intervalMs?: number;
  maxRows?: number;
}

interface Pending<T, R> {
  item: T;
  resolve(result: R): void;
  reject(err: unknown): void;
}

/**
 * Collects items and writes them every `intervalMs` or at `maxRows`, one batch at a time.
 * `push` resolves after the batch holding the item was written, and rejects when it failed.
 */
export class BatchWriter<T, R = void> {
  private queue: Array<Pending<T, R>> = [];
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private readonly intervalMs: number;
  private readonly maxRows: number;

  constructor(private readonly opts: BatchWriterOptions<T, R>) {
    this.intervalMs = opts.intervalMs ?? 50;
    this.maxRows = opts.maxRows ?? 500;
  }

  push(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.queue.length >= this.maxRows) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
    });
  }

  /** Writes everything queued so far; resolves when it is written (or failed). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.queue.length) {
      const batch = this.queue.splice(0, this.maxRows);
      this.chain = this.chain.then(() => this.run(batch));
    }
    return this.chain;
  }

  private async run(batch: Array<Pending<T, R>>) {
    const items = batch.map((p) => p.item);
    try {
      const results = (await this.opts.write(items)) ?? [];
      batch.forEach((p, i) => p.resolve(results[i] as R));
    } catch (err) {
      this.opts.onError(err, items);
      batch.forEach((p) => p.reject(err));
    }
  }
}
