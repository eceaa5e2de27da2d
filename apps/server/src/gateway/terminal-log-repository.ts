import type { Db } from '../db/client.js';
import { terminalLogs, type TERMINAL_LOG_KINDS } from '../db/schema/index.js';

export type TerminalLogKind = (typeof TERMINAL_LOG_KINDS)[number];

export interface TerminalLogEntry {
  kind: TerminalLogKind;
  terminalId: number;
  msg: string;
  detail?: Record<string, unknown>;
}

export class TerminalLogRepository {
  constructor(private readonly db: Db) {}

  async write(entries: TerminalLogEntry[]): Promise<void> {
    if (!entries.length) return;
    await this.db.insert(terminalLogs).values(entries.map((e) => ({ ...e, msg: e.msg.slice(0, 255), detail: e.detail ?? null })));
  }
}
