export interface BatchWriterOptions<T, R> {
  /** Writes one batch; returns one result per item (or nothing when there is none to give). */
  write(items: T[]): Promise<R[] | void>;
  /** Called once per batch that failed, before its items are settled (or written again in halves). */
  onError(err: unknown, items: T[]): void;
  /**
   * Whether an error lies in the items' data rather than in the database (which may be away): such a
   * batch is written again in halves, so only the items the database refuses fail, with UnstorableError.
   */
  isItemError?(err: unknown): boolean;
  intervalMs?: number;
  maxRows?: number;
  /**
   * Write at once when idle instead of after `intervalMs`: a lone item is written on the next turn
   * of the event loop, and items that arrive while a batch is being written form the next batch.
   */
  eager?: boolean;
  /** Batches written at the same time (default 1: in order). */
  concurrency?: number;
}

interface Pending<T, R> {
  item: T;
  resolve(result: R): void;
  reject(err: unknown): void;
}

/** The database refused this item itself (not the batch around it): writing it again would fail again. */
export class UnstorableError extends Error {
  constructor(readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'UnstorableError';
  }
}

/**
 * Collects items and writes them every `intervalMs` or at `maxRows`, `concurrency` batches at a time.
 * `push` resolves after the batch holding the item was written, and rejects when it failed.
 */
export class BatchWriter<T, R = void> {
  private queue: Array<Pending<T, R>> = [];
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;
  private readonly writing = new Set<Promise<void>>();
  private readonly waiting: Array<() => void> = [];
  private free: number;
  private readonly intervalMs: number;
  private readonly maxRows: number;
  /** Batches that failed, each counted once however it was then split. */
  failures = 0;

  constructor(private readonly opts: BatchWriterOptions<T, R>) {
    this.intervalMs = opts.intervalMs ?? 50;
    this.maxRows = opts.maxRows ?? 500;
    this.free = opts.concurrency ?? 1;
  }

  push(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.queue.length >= this.maxRows) void this.flush();
      else if (this.opts.eager) this.soon();
      else this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
    });
  }

  /** Writes everything queued so far; resolves when it is written (or failed). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    clearImmediate(this.immediate);
    this.immediate = undefined;
    while (this.queue.length) {
      const batch = this.queue.splice(0, this.maxRows);
      const done = this.slot().then(() => this.run(batch)).finally(() => this.release());
      this.writing.add(done);
      void done.finally(() => {
        this.writing.delete(done);
        if (this.opts.eager && this.queue.length) this.soon();
      });
    }
    return Promise.all(this.writing).then(() => undefined);
  }

  private soon() {
    if (!this.writing.size) this.immediate ??= setImmediate(() => void this.flush());
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
      this.settle(batch, await this.opts.write(items));
    } catch (err) {
      this.failures++;
      this.opts.onError(err, items);
      if (batch.length > 1 && this.isItemError(err)) await this.isolate(batch);
      else this.fail(batch, err);
    }
  }

  // Halving finds a few refused items among 500 in about 2·log2(500) writes instead of 500, and keeps their order.
  private async isolate(batch: Array<Pending<T, R>>) {
    const half = batch.length >> 1;
    for (const part of [batch.slice(0, half), batch.slice(half)]) {
      try {
        this.settle(part, await this.opts.write(part.map((p) => p.item)));
      } catch (err) {
        if (part.length > 1 && this.isItemError(err)) await this.isolate(part);
        else this.fail(part, err);
      }
    }
  }

  private settle(batch: Array<Pending<T, R>>, results: R[] | void) {
    batch.forEach((p, i) => p.resolve((results ?? [])[i] as R));
  }

  private fail(batch: Array<Pending<T, R>>, err: unknown) {
    const cause = batch.length === 1 && this.isItemError(err) ? new UnstorableError(err) : err;
    batch.forEach((p) => p.reject(cause));
  }

  private isItemError(err: unknown) {
    return this.opts.isItemError?.(err) ?? false;
  }
}
