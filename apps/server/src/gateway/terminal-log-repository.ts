import { sql } from 'drizzle-orm';
import type { TerminalLogKind } from '@sl/contracts';
import type { Db } from '../db/client.js';

export interface TerminalLogEntry {
  kind: TerminalLogKind;
  terminalId: number;
  msg: string;
  detail?: Record<string, unknown>;
}

export class TerminalLogRepository {
  constructor(private readonly db: Db) {}

  /** One statement with one parameter however many entries (a bound parameter per value would overflow at ~16,000 rows). */
  async write(entries: TerminalLogEntry[]): Promise<void> {
    if (!entries.length) return;
    const json = JSON.stringify(entries.map((e) => ({ k: e.kind, t: e.terminalId, m: e.msg.slice(0, 255), d: e.detail ?? null })));
    await this.db.execute(sql`
      insert into terminal_log (kind, terminal_id, msg, detail)
      select k, t, m, d from json_to_recordset(${json}::json) as v(k varchar, t int, m varchar, d jsonb)`);
  }
}
