import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf, valuesList } from '../db/sql-rows.js';

export interface SeenRow {
  terminalId: number;
  at: Date;
  /** From a heartbeat; null keeps the stored verdict (a hello, event or reply carries none). */
  voltageAbnormal: boolean | null;
  /** Whether the terminal has an open fault alarm. */
  fault: boolean;
  /** From a cabinet heartbeat; null keeps the stored value. */
  locked: boolean | null;
  mode: 'manual' | 'auto' | null;
}

export interface SeenResult {
  terminalId: number;
  name: string;
  deptId: number | null;
  prevState: number;
  state: number;
  prevLocked: boolean;
  locked: boolean;
  voltageAbnormal: boolean;
}

export interface HelloRow {
  terminalId: number;
  firmware: string;
  imsi: string | null;
  loops: number;
  phases: number;
  heartbeatS: number;
}

/** Where the presence state lives: in the terminal rows, so every instance and a restarted one see the same. */
export interface PresenceStore {
  markSeen(rows: SeenRow[]): Promise<SeenResult[]>;
  markSilentOffline(now: Date, missed: number, limit: number): Promise<OfflineResult[]>;
  markUnansweredOffline(sent: UnansweredCommand[], graceMs: number): Promise<OfflineResult[]>;
}

export type OfflineResult = Omit<SeenResult, 'locked' | 'prevLocked' | 'voltageAbnormal'>;

/** A command that went out to a terminal and timed out without a reply. */
export interface UnansweredCommand {
  terminalId: number;
  sentAt: Date;
}

/** The batched writes of terminal liveness: last_seen_at, online_state, and what hello reports. */
export class PresenceRepository implements PresenceStore {
  constructor(private readonly db: Db) {}

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
}
