import type { TerminalRecord, TerminalRecordRepository } from './terminal-record-repository.js';

const TTL_MS = 60_000;

interface Entry {
  record: TerminalRecord | undefined;
  at: number;
}

/**
 * Terminals by family+sn for the hot path. Misses and unknown terminals are looked up again
 * after a short while; entries expire after a minute so edits made on other instances show up.
 */
export class TerminalDirectory {
  private byKey = new Map<string, Entry>();
  private keyOf = new Map<number, string>();

  constructor(private readonly repo: TerminalRecordRepository) {}

  async find(family: string, sn: string): Promise<TerminalRecord | undefined> {
    const key = `${family}:${sn}`;
    const hit = this.byKey.get(key);
    const ttl = hit?.record ? TTL_MS : 2_000;
    if (hit && Date.now() - hit.at < ttl) return hit.record;
    return this.load(family, sn);
  }

  /** Always reads the database (authentication must see a reset secret or a scrapped status at once). */
  async load(family: string, sn: string): Promise<TerminalRecord | undefined> {
    const record = await this.repo.findByKey(family, sn);
    this.remember(`${family}:${sn}`, record);
    return record;
  }

  private remember(key: string, record: TerminalRecord | undefined) {
    if (this.byKey.size >= 200_000) this.byKey.delete(this.byKey.keys().next().value!);
    this.byKey.set(key, { record, at: Date.now() });
    if (record) this.keyOf.set(record.terminalId, key);
  }

  async findById(terminalId: number): Promise<TerminalRecord | undefined> {
    const key = this.keyOf.get(terminalId);
    const hit = key ? this.byKey.get(key) : undefined;
    if (hit?.record?.terminalId === terminalId && Date.now() - hit.at < TTL_MS) return hit.record;
    const record = await this.repo.findById(terminalId);
    if (record) this.remember(`${record.family}:${record.sn}`, record);
    return record;
  }

  /** Forget one terminal (after an edit) or all of them. */
  invalidate(terminalId?: number) {
    if (terminalId === undefined) return this.byKey.clear();
    const key = this.keyOf.get(terminalId);
    if (key) this.byKey.delete(key);
  }
}
