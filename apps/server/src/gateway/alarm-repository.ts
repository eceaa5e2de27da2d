import { and, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { AlarmStatus, COMMUNICATION_LOST } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { alarms } from '../db/schema/index.js';

export type AlarmRow = typeof alarms.$inferSelect;
export type NewAlarm = typeof alarms.$inferInsert;

// Open: not cleared and not yet closed by repair (statuses 1-4).
const open = () => and(isNull(alarms.clearedAt), lt(alarms.status, AlarmStatus.repairComplete));

export class AlarmRepository {
  constructor(private readonly db: Db) {}

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
    const [row] = await this.db
      .insert(alarms)
      .values(alarm)
      .onConflictDoNothing()
      .returning();
    return row;
  }

  async clear(alarmId: number, at: Date): Promise<AlarmRow | undefined> {
    const [row] = await this.db
      .update(alarms)
      .set({ clearedAt: at, status: AlarmStatus.autoRepairComplete, updatedAt: at })
      .where(and(eq(alarms.alarmId, alarmId), open()))
      .returning();
    return row;
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
