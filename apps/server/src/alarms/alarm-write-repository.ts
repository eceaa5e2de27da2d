import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { AlarmStatus, COMMUNICATION_LOST } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { alarmLogs, alarms } from '../db/schema/index.js';
import { rowsOf } from '../db/sql-rows.js';
import { OPEN_ALARM_STATUSES } from './alarm-state-machine.js';

export type AlarmRow = typeof alarms.$inferSelect;
export type NewAlarm = typeof alarms.$inferInsert;
export type NewAlarmLog = typeof alarmLogs.$inferInsert;

/** The open-alarm key of index alarm_one_open. */
export interface AlarmKey {
  terminalId: number;
  kind: string;
  loop: number | null;
}

// Open: not cleared by the device and not closed (statuses 1-4 and 7), as the index alarm_one_open.
const open = () => and(isNull(alarms.clearedAt), inArray(alarms.status, [...OPEN_ALARM_STATUSES]));

interface RawAlarm {
  alarm_id: number; terminal_id: number; dept_id: number | null; kind: string; severity: number | null; status: number; message: string; message_key: string | null;
  value: number | null; loop: number | null; phase: string | null; raised_at: Date | string; cleared_at: Date | string | null; created_at: Date | string; updated_at: Date | string; source?: string;
}
const date = (v: Date | string) => (v instanceof Date ? v : new Date(v));
// A row of a raw statement as drizzle's select would give it (timestamps as Date, numbers as numbers).
const toRow = (r: RawAlarm): AlarmRow => ({
  alarmId: Number(r.alarm_id), terminalId: Number(r.terminal_id), deptId: r.dept_id === null ? null : Number(r.dept_id), kind: r.kind,
  severity: r.severity === null ? null : Number(r.severity), status: Number(r.status), message: r.message, messageKey: r.message_key, value: r.value === null ? null : Number(r.value),
  loop: r.loop === null ? null : Number(r.loop), phase: r.phase, raisedAt: date(r.raised_at), clearedAt: r.cleared_at === null ? null : date(r.cleared_at),
  createdAt: date(r.created_at), updatedAt: date(r.updated_at), source: r.source ?? 'device',
});

/** The only place that writes alarm rows and alarm log rows. */
export class AlarmWriteRepository {
  constructor(private readonly db: Db) {}

  /** Runs `fn` in one transaction with a repository bound to it. */
  transaction<T>(fn: (repo: AlarmWriteRepository, tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new AlarmWriteRepository(tx as unknown as Db), tx as unknown as Db));
  }

  async findOpen(terminalId: number, kind: string, loop: number | null): Promise<AlarmRow | undefined> {
    const [row] = await this.db
      .select()
      .from(alarms)
      .where(and(eq(alarms.terminalId, terminalId), eq(alarms.kind, kind), sql`${alarms.loop} is not distinct from ${loop}`, open()))
      .limit(1);
    return row;
  }

  /** Inserts an open alarm; undefined when one of the same terminal, kind and loop is already open (index alarm_one_open). */
  async insertOpen(alarm: NewAlarm): Promise<AlarmRow | undefined> {
    const [row] = await this.db.insert(alarms).values(alarm).onConflictDoNothing().returning();
    return row;
  }

  /**
   * Opens a batch of alarms and writes their `raise` log rows in one statement (the batch travels
   * as one JSON parameter). Alarms whose key is already open are skipped (index alarm_one_open).
   */
  async raiseMany(rows: NewAlarm[], at: Date): Promise<AlarmRow[]> {
    if (!rows.length) return [];
    const json = JSON.stringify(rows.map((r, n) => ({ n, t: r.terminalId, d: r.deptId ?? null, k: r.kind, s: r.severity ?? null, m: r.message ?? '', mk: r.messageKey ?? null, v: r.value ?? null, l: r.loop ?? null, p: r.phase ?? null })));
    const result = await this.db.execute(sql`
      with v as (select * from json_to_recordset(${json}::json) as v(n int, t int, d int, k varchar, s smallint, m varchar, mk varchar, v real, l smallint, p char(1))),
      opened as (
        insert into alarm (terminal_id, dept_id, kind, severity, status, message, message_key, value, loop, phase, raised_at, created_at, updated_at)
        -- The terminal's department as stored now, not as a cache read it: an alarm raised just after a move goes with the terminal.
        select v.t, coalesce(tt.dept_id, v.d), v.k, v.s, ${AlarmStatus.alarm}, v.m, v.mk, v.v, v.l, v.p, ${at}, ${at}, ${at}
        from v left join terminal tt on tt.terminal_id = v.t order by v.n
        on conflict do nothing
        returning *
      ),
      logged as (
        insert into alarm_log (alarm_id, event, from_status, to_status, note, user_name, at)
        select alarm_id, 'raise', null, status, '', '', ${at} from opened
      )
      select * from opened order by alarm_id`);
    return rowsOf<RawAlarm>(result).map(toRow);
  }

  /**
   * The device reports these conditions cleared: their open alarms move as `moves` says (the state
   * machine's table, status → status), get `clearedAt`, and a `deviceCleared` log row each, in one
   * statement. Answers the alarms changed with the status each came from.
   */
  async clearMany(keys: AlarmKey[], moves: Array<{ from: number; to: number }>, at: Date): Promise<Array<{ alarm: AlarmRow; from: number }>> {
    if (!keys.length) return [];
    const json = JSON.stringify(keys.map((k) => ({ t: k.terminalId, k: k.kind, l: k.loop ?? -1 })));
    const result = await this.db.execute(sql`
      with v as (select * from json_to_recordset(${json}::json) as v(t int, k varchar, l int)),
      m as (select * from json_to_recordset(${JSON.stringify(moves)}::json) as m("from" int, "to" int)),
      locked as (
        select a.alarm_id, a.status from alarm a join v on a.terminal_id = v.t and a.kind = v.k and coalesce(a.loop, -1) = v.l
        where a.cleared_at is null and a.status in (${sql.join([...OPEN_ALARM_STATUSES].map((x) => sql`${x}`), sql`, `)})
        for update of a
      ),
      cleared as (
        update alarm a set status = m."to", cleared_at = ${at}, updated_at = ${at}
        from locked join m on m."from" = locked.status
        where a.alarm_id = locked.alarm_id
        returning a.*, locked.status as from_status
      ),
      logged as (
        insert into alarm_log (alarm_id, event, from_status, to_status, note, user_name, at)
        select alarm_id, 'deviceCleared', from_status, status, '', '', ${at} from cleared
      )
      select * from cleared order by alarm_id`);
    return rowsOf<RawAlarm & { from_status: number }>(result).map((r) => ({ alarm: toRow(r), from: Number(r.from_status) }));
  }

  /**
   * A terminal moved to another department: its alarms not yet closed (statuses 1-4 and 7, as the index
   * alarm_one_open, and those a device cleared while an order is still on them) take the new department, each
   * with a `followedTerminal` log row; closed alarms stay with the department they happened in. Answers how many moved.
   */
  async followTerminal(terminalId: number, deptId: number, at: Date, by: { userId: number; name: string }, note: string): Promise<number> {
    const result = await this.db.execute(sql`
      with moved as (
        update alarm set dept_id = ${deptId}, updated_at = ${at}
        where terminal_id = ${terminalId} and dept_id is distinct from ${deptId}
          and status in (${sql.join([...OPEN_ALARM_STATUSES].map((x) => sql`${x}`), sql`, `)})
        returning alarm_id, status
      ),
      logged as (
        insert into alarm_log (alarm_id, event, from_status, to_status, note, user_id, user_name, at)
        select alarm_id, 'followedTerminal', status, status, ${note.slice(0, 500)}, ${by.userId}, ${by.name}, ${at} from moved
      )
      select count(*)::int as n from moved`);
    return Number(rowsOf<{ n: number }>(result)[0].n);
  }

  /** Locks the alarms for a status change (in a transaction). */
  lock(alarmIds: number[]): Promise<AlarmRow[]> {
    if (!alarmIds.length) return Promise.resolve([]);
    return this.db.select().from(alarms).where(inArray(alarms.alarmId, alarmIds)).orderBy(alarms.alarmId).for('update');
  }

  /** Sets the status only if it is still `from`; undefined when someone else moved it first. */
  async setStatus(alarmId: number, from: number, to: number, at: Date, cleared = false): Promise<AlarmRow | undefined> {
    const [row] = await this.db
      .update(alarms)
      .set({ status: to, updatedAt: at, ...(cleared ? { clearedAt: at } : {}) })
      .where(and(eq(alarms.alarmId, alarmId), eq(alarms.status, from)))
      .returning();
    return row;
  }

  async log(rows: NewAlarmLog[]): Promise<void> {
    if (rows.length) await this.db.insert(alarmLogs).values(rows);
  }

  /** Which of these terminals have an open fault (any alarm but communication loss). */
  async withOpenFaults(terminalIds: number[]): Promise<Set<number>> {
    if (!terminalIds.length) return new Set();
    const rows = await this.db
      .selectDistinct({ id: alarms.terminalId })
      .from(alarms)
      .where(and(inArray(alarms.terminalId, terminalIds), ne(alarms.kind, COMMUNICATION_LOST), open()));
    return new Set(rows.map((r) => r.id));
  }
}
