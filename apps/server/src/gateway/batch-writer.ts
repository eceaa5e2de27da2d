export interface BatchWriterOptions<T, R> {
  /** Writes one batch; returns one result per item (or nothing when there is none to give). */
  write(items: T[]): Promise<R[] | void>;
  onError(err: unknown, items: T[]): void;
  intervalMs?: number;
  maxRows?: number;
  /** Batches written at the same time (default 1: in order). */
  concurrency?: number;
}

interface Pending<T, R> {
  item: T;
  resolve(result: R): void;
  reject(err: unknown): void;
}

/**
 * Collects items and writes them every `intervalMs` or at `maxRows`, `concurrency` batches at a time.
 * `push` resolves after the batch holding the item was written, and rejects when it failed.
 */
export class BatchWriter<T, R = void> {
  private queue: Array<Pending<T, R>> = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly writing = new Set<Promise<void>>();
  private readonly waiting: Array<() => void> = [];
  private free: number;
  private readonly intervalMs: number;
  private readonly maxRows: number;

  constructor(private readonly opts: BatchWriterOptions<T, R>) {
    this.intervalMs = opts.intervalMs ?? 50;
    this.maxRows = opts.maxRows ?? 500;
    this.free = opts.concurrency ?? 1;
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
      const done = this.slot().then(() => this.run(batch)).finally(() => this.release());
      this.writing.add(done);
      void done.finally(() => this.writing.delete(done));
    }
    return Promise.all(this.writing).then(() => undefined);
  }

  // Batches start in the order they were cut, as slots free up.
  private slot(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
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
