import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { terminals } from '../../db/schema/index.js';
import { rowsOf, valuesList } from '../../db/sql-rows.js';
import type { HelloRow, OfflineResult, SeenResult, SeenRow, TerminalStateStore, UnansweredCommand } from '../../gateway/ports.js';
import type { TerminalValues } from './terminal-columns.js';

/**
 * The only writer of the `terminal` table: the console's edits (through TerminalAdminRepository, which raises
 * `terminal.changed`), the demo seed, and what the gateway learns from the terminals (liveness, hellos, the
 * effects of settled commands; the root hands it to the gateway as its TerminalStateStore).
 */
export class TerminalWriteRepository implements TerminalStateStore {
  constructor(private readonly db: Db) {}

  async insert(values: TerminalValues): Promise<number> {
    return (await this.db.insert(terminals).values(values).returning({ id: terminals.terminalId }))[0].id;
  }

  /** Adds the terminals whose family and serial are not taken; returns how many it added. */
  async insertMissing(rows: TerminalValues[]): Promise<number> {
    const added = await this.db.insert(terminals).values(rows).onConflictDoNothing({ target: [terminals.family, terminals.sn] }).returning({ id: terminals.terminalId });
    return added.length;
  }

  async update(terminalId: number, values: Partial<TerminalValues>): Promise<void> {
    await this.db.update(terminals).set({ ...values, updatedAt: new Date() }).where(eq(terminals.terminalId, terminalId));
  }

  async setBox(ids: number[], boxId: number | null): Promise<void> {
    await this.db.update(terminals).set({ boxId, updatedAt: new Date() }).where(inArray(terminals.terminalId, ids));
  }

  async delete(ids: number[]): Promise<void> {
    await this.db.delete(terminals).where(inArray(terminals.terminalId, ids));
  }

  /**
   * One UPDATE for a batch, the rows as one JSON parameter; returns the previous values so callers can log changes.
   * The state is decided from the stored voltage verdict when the message carries none, whichever instance wrote it.
   */
  // Row locks here are FOR NO KEY UPDATE (no key changes): a plain FOR UPDATE would also block the foreign-key
  // checks of alarms, commands and logs being inserted for the same terminals, which queue behind it in a storm.
  async markSeen(rows: SeenRow[]): Promise<SeenResult[]> {
    const json = JSON.stringify(rows.map((r) => ({ id: r.terminalId, at: r.at.toISOString(), voltage: r.voltageAbnormal, fault: r.fault, locked: r.locked, mode: r.mode })));
    const result = await this.db.execute(sql`
      with v as (select * from json_to_recordset(${json}::json) as v(id int, at timestamptz, voltage boolean, fault boolean, locked boolean, mode varchar)),
      old as (select terminal_id, online_state, locked from terminal where terminal_id in (select id from v) for no key update)
      update terminal t set last_seen_at = greatest(t.last_seen_at, v.at),
        voltage_abnormal = coalesce(v.voltage, t.voltage_abnormal),
        online_state = case when v.fault or coalesce(v.voltage, t.voltage_abnormal) then 3 else 1 end,
        locked = coalesce(v.locked, t.locked), control_mode = coalesce(v.mode, t.control_mode)
      from v join old on old.terminal_id = v.id where t.terminal_id = v.id
      returning t.terminal_id as "terminalId", t.name, t.dept_id as "deptId", old.online_state as "prevState",
        t.online_state as state, old.locked as "prevLocked", t.locked, t.voltage_abnormal as "voltageAbnormal"`);
    return rowsOf<SeenResult>(result);
  }

  /** Marks offline up to `limit` terminals silent for `missed` heartbeat intervals; the row lock makes one instance win. */
  async markSilentOffline(now: Date, missed: number, limit: number): Promise<OfflineResult[]> {
    const result = await this.db.execute(sql`
      with old as (select terminal_id, online_state from terminal
        where online_state <> 2 and status <> 5 and last_seen_at is not null
          and last_seen_at < ${now.toISOString()}::timestamptz - make_interval(secs => heartbeat_s * ${missed}::int)
        limit ${limit}
        for no key update skip locked)
      update terminal t set online_state = 2 from old where t.terminal_id = old.terminal_id
      returning t.terminal_id as "terminalId", t.name, t.dept_id as "deptId", old.online_state as "prevState", t.online_state as state`);
    return rowsOf(result);
  }

  /** Marks offline the terminals that heard a command and have said nothing since `graceMs` before it went out. */
  async markUnansweredOffline(sent: UnansweredCommand[], graceMs: number): Promise<OfflineResult[]> {
    const json = JSON.stringify(sent.map((s) => ({ id: s.terminalId, sent: s.sentAt.toISOString() })));
    const result = await this.db.execute(sql`
      with v as (select id, min(sent) as sent from json_to_recordset(${json}::json) as v(id int, sent timestamptz) group by id),
      old as (select t.terminal_id, t.online_state from terminal t join v on v.id = t.terminal_id
        where t.online_state <> 2 and t.status <> 5 and (t.last_seen_at is null or t.last_seen_at < v.sent - make_interval(secs => ${graceMs / 1000}::float8))
        for no key update of t skip locked)
      update terminal t set online_state = 2 from old where t.terminal_id = old.terminal_id
      returning t.terminal_id as "terminalId", t.name, t.dept_id as "deptId", old.online_state as "prevState", t.online_state as state`);
    return rowsOf(result);
  }

  async applyHellos(rows: HelloRow[]): Promise<void> {
    const values = valuesList(rows, (r) =>
      sql`${r.terminalId}::int, ${r.firmware}::varchar, ${r.imsi}::varchar, ${r.loops}::smallint, ${r.phases}::smallint, ${r.heartbeatS}::int`,
    );
    await this.db.execute(sql`
      update terminal t set firmware = v.firmware, imsi = coalesce(v.imsi, t.imsi), loops = v.loops, phases = v.phases, heartbeat_s = v.hb
      from (values ${values}) v(id, firmware, imsi, loops, phases, hb) where t.terminal_id = v.id`);
  }

  async setControlMode(terminalId: number, mode: 'manual' | 'auto'): Promise<void> {
    await this.db.update(terminals).set({ controlMode: mode }).where(eq(terminals.terminalId, terminalId));
  }

  async setHeartbeatS(terminalId: number, heartbeatS: number): Promise<void> {
    await this.db.update(terminals).set({ heartbeatS }).where(eq(terminals.terminalId, terminalId));
  }

  /** Returns whether the value changed. */
  async setLocked(terminalId: number, locked: boolean): Promise<boolean> {
    const rows = await this.db
      .update(terminals)
      .set({ locked })
      .where(and(eq(terminals.terminalId, terminalId), ne(terminals.locked, locked)))
      .returning({ id: terminals.terminalId });
    return rows.length > 0;
  }
}
