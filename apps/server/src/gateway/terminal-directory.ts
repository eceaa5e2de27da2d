import type { TerminalRecord, TerminalRecordRepository } from './terminal-record-repository.js';

const TTL_MS = 60_000;
/** Keys read in one statement at most (two bound parameters each). */
export const DIRECTORY_READ_MAX = 1_000;

interface Entry {
  record: TerminalRecord | undefined;
  at: number;
}

interface Waiter {
  resolve(record: TerminalRecord | undefined): void;
  reject(err: unknown): void;
}

interface Queued {
  family: string;
  sn: string;
  waiters: Waiter[];
}

/**
 * Terminals by family+sn for the hot path. Misses and unknown terminals are looked up again
 * after a short while; entries expire after a minute so edits made on other instances show up.
 *
 * A fleet that connected at once expires at once: in an alarm storm a thousand terminals missed
 * together, each message with a read of its own, and those reads queued on the connection pool
 * before every alarm write. So the keys asked for in one turn of the event loop are read in one
 * statement, and concurrent misses of one terminal share their read.
 */
export class TerminalDirectory {
  private byKey = new Map<string, Entry>();
  private keyOf = new Map<number, string>();
  /** Keys for the next read, with who waits for each. */
  private queued = new Map<string, Queued>();
  /** Ids for the next read by id, with who waits for each. */
  private queuedIds = new Map<number, Pick<Queued, 'waiters'>>();
  /** Misses being read for `find`, shared by the messages of one terminal that arrive meanwhile. */
  private readonly reading = new Map<string, Promise<TerminalRecord | undefined>>();

  constructor(private readonly repo: TerminalRecordRepository) {}

  async find(family: string, sn: string): Promise<TerminalRecord | undefined> {
    const key = `${family}:${sn}`;
    const hit = this.byKey.get(key);
    const ttl = hit?.record ? TTL_MS : 2_000;
    if (hit && Date.now() - hit.at < ttl) return hit.record;
    let read = this.reading.get(key);
    if (!read) {
      read = this.load(family, sn).finally(() => this.reading.delete(key));
      this.reading.set(key, read);
    }
    return read;
  }

  /**
   * Always reads the database (authentication must see a reset secret or a scrapped status at once): it joins
   * only a read not sent yet, never one under way.
   */
  load(family: string, sn: string): Promise<TerminalRecord | undefined> {
    return new Promise((resolve, reject) => {
      const key = `${family}:${sn}`;
      if (!this.queued.size) setImmediate(() => void this.readQueued());
      const queued = this.queued.get(key);
      if (queued) queued.waiters.push({ resolve, reject });
      else this.queued.set(key, { family, sn, waiters: [{ resolve, reject }] });
    });
  }

  private async readQueued() {
    const all = [...this.queued];
    this.queued = new Map();
    // An unknown family+sn is remembered too, for a short while (find), so a stranger's messages do not each read.
    await this.answer(all, (part) => this.repo.findByKeys(part.map(([, q]) => q)), (r) => `${r.family}:${r.sn}`, (key) => this.remember(key, undefined));
  }

  private async readQueuedIds() {
    const all = [...this.queuedIds];
    this.queuedIds = new Map();
    await this.answer(all, (part) => this.repo.findByIds(part.map(([id]) => id)), (r) => r.terminalId);
  }

  /** Reads the queued keys DIRECTORY_READ_MAX a statement, remembers what it found and answers who waits for each. */
  private async answer<K, Q extends Pick<Queued, 'waiters'>>(
    all: Array<[K, Q]>,
    read: (part: Array<[K, Q]>) => Promise<TerminalRecord[]>,
    keyOf: (r: TerminalRecord) => K,
    missed: (key: K) => void = () => undefined,
  ) {
    for (let i = 0; i < all.length; i += DIRECTORY_READ_MAX) {
      const part = all.slice(i, i + DIRECTORY_READ_MAX);
      try {
        const found = new Map((await read(part)).map((r) => [keyOf(r), r]));
        for (const [key, q] of part) {
          const record = found.get(key);
          if (record) this.remember(`${record.family}:${record.sn}`, record);
          else missed(key);
          for (const w of q.waiters) w.resolve(record);
        }
      } catch (err) {
        for (const [, q] of part) for (const w of q.waiters) w.reject(err);
      }
    }
  }

  private remember(key: string, record: TerminalRecord | undefined) {
    if (this.byKey.size >= 200_000) this.byKey.delete(this.byKey.keys().next().value!);
    this.byKey.set(key, { record, at: Date.now() });
    if (record) this.keyOf.set(record.terminalId, key);
  }

  /** By id, from the cache or read with the other ids asked for in the same turn of the event loop. */
  async findById(terminalId: number): Promise<TerminalRecord | undefined> {
    const key = this.keyOf.get(terminalId);
    const hit = key ? this.byKey.get(key) : undefined;
    if (hit?.record?.terminalId === terminalId && Date.now() - hit.at < TTL_MS) return hit.record;
    return new Promise((resolve, reject) => {
      if (!this.queuedIds.size) setImmediate(() => void this.readQueuedIds());
      const queued = this.queuedIds.get(terminalId);
      if (queued) queued.waiters.push({ resolve, reject });
      else this.queuedIds.set(terminalId, { waiters: [{ resolve, reject }] });
    });
  }

  /** Forget one terminal (after an edit) or all of them. */
  invalidate(terminalId?: number) {
    if (terminalId === undefined) return this.byKey.clear();
    const key = this.keyOf.get(terminalId);
    if (key) this.byKey.delete(key);
  }
}
