import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { TerminalStatus } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { terminals } from '../db/schema/index.js';
import { deptZoneSql } from '../devices/terminal/terminal-zone-domain.js';

export interface TerminalRecord {
  terminalId: number;
  family: string;
  sn: string;
  name: string;
  model: number;
  deptId: number | null;
  status: number;
  secretHash: string;
  heartbeatS: number;
  phases: number;
  loops: number;
  /** Null: the model's default (contracts: ratedPowerW). */
  ratedPowerW: number | null;
  /** What its time zone is found from (devices/terminal/terminal-zone-domain.ts). */
  timeZone: string | null;
  deptZone: string | null;
  lat: number | null;
  lng: number | null;
}

const columns = {
  terminalId: terminals.terminalId,
  family: terminals.family,
  sn: terminals.sn,
  name: terminals.name,
  model: terminals.model,
  deptId: terminals.deptId,
  status: terminals.status,
  secretHash: terminals.secretHash,
  heartbeatS: terminals.heartbeatS,
  phases: terminals.phases,
  loops: terminals.loops,
  ratedPowerW: terminals.ratedPowerW,
  timeZone: terminals.timeZone,
  deptZone: deptZoneSql(sql`"terminal"."dept_id"`),
  lat: terminals.lat,
  lng: terminals.lng,
};

/** The gateway's reads of the terminal table (its writes go through the table's owner, ports.ts TerminalStateStore). */
export class TerminalRecordRepository {
  constructor(private readonly db: Db) {}

  async findByKey(family: string, sn: string): Promise<TerminalRecord | undefined> {
    const [row] = await this.db.select(columns).from(terminals).where(and(eq(terminals.family, family), eq(terminals.sn, sn))).limit(1);
    return row;
  }

  /** The terminals of these family+sn keys that exist, in one statement. */
  findByKeys(keys: Array<{ family: string; sn: string }>): Promise<TerminalRecord[]> {
    if (!keys.length) return Promise.resolve([]);
    const wanted = sql.join(keys.map((k) => sql`(${k.family}, ${k.sn})`), sql`, `);
    return this.db.select(columns).from(terminals).where(sql`(${terminals.family}, ${terminals.sn}) in (${wanted})`);
  }

  /** Terminals that may connect (every one not scrapped). */
  async connectable(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(terminals).where(ne(terminals.status, TerminalStatus.scrapped));
    return row.n;
  }

  /** The terminals of these ids that exist, in one statement. */
  findByIds(ids: number[]): Promise<TerminalRecord[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.db.select(columns).from(terminals).where(inArray(terminals.terminalId, ids));
  }
}
