import type { Db } from '../db/client.js';
import type { TerminalLogKind } from '@sl/contracts';
import { terminalLogs } from '../db/schema/index.js';


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
