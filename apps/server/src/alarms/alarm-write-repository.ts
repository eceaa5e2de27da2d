import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { COMMUNICATION_LOST } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { alarmLogs, alarms } from '../db/schema/index.js';
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

  /** Inserts a batch of open alarms in one statement; those whose key is already open are skipped (index alarm_one_open). */
  insertOpenMany(rows: NewAlarm[]): Promise<AlarmRow[]> {
    if (!rows.length) return Promise.resolve([]);
    return this.db.insert(alarms).values(rows).onConflictDoNothing().returning();
  }

  /** Locks the open alarms of these keys (in a transaction), in one statement: the batch travels as one JSON parameter. */
  lockOpen(keys: AlarmKey[]): Promise<AlarmRow[]> {
    if (!keys.length) return Promise.resolve([]);
    const json = JSON.stringify(keys.map((k) => ({ t: k.terminalId, k: k.kind, l: k.loop ?? -1 })));
    return this.db
      .select()
      .from(alarms)
      .where(
        and(
          sql`(${alarms.terminalId}, ${alarms.kind}, coalesce(${alarms.loop}, -1)) in (select t, k, l from json_to_recordset(${json}::json) as v(t int, k varchar, l int))`,
          open(),
        ),
      )
      .orderBy(alarms.alarmId)
      .for('update');
  }

  /** Sets the status (null keeps it) of locked alarms, and their clearedAt when the device cleared them. */
  setStatusMany(alarmIds: number[], to: number | null, at: Date, cleared: boolean): Promise<AlarmRow[]> {
    if (!alarmIds.length) return Promise.resolve([]);
    return this.db
      .update(alarms)
      .set({ ...(to === null ? {} : { status: to }), updatedAt: at, ...(cleared ? { clearedAt: at } : {}) })
      .where(inArray(alarms.alarmId, alarmIds))
      .returning();
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
