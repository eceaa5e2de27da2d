import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { CitizenSheetQuery } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { alarms, citizenPoles, citizenReports, terminals } from '../db/schema/index.js';
import { OPEN_ALARM_STATUSES } from '../alarms/alarm-state-machine.js';
import { dataScopeFilter } from '../system/access/data-scope.js';
import type { Principal } from '../system/access/principal.js';

export type CitizenReportRow = typeof citizenReports.$inferSelect;
export type NewCitizenReport = typeof citizenReports.$inferInsert;

/** Pole codes avoid 0/1/l/o so that a code read aloud or typed from the sheet is not mistaken. */
const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const newCode = () => Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** Poles printed on one sheet at most. */
export const SHEET_LIMIT = 2000;

const poleColumns = {
  terminalId: terminals.terminalId, name: terminals.name, family: terminals.family, deptId: terminals.deptId,
  area: terminals.area, address: terminals.address, lng: terminals.lng, lat: terminals.lat,
};

/** The only place that writes pole codes and citizen reports. */
export class CitizenRepository {
  constructor(private readonly db: Db) {}

  async poleByCode(code: string) {
    const [row] = await this.db.select({ ...poleColumns, code: citizenPoles.code }).from(citizenPoles)
      .innerJoin(terminals, eq(terminals.terminalId, citizenPoles.terminalId)).where(eq(citizenPoles.code, code)).limit(1);
    return row;
  }

  /** The terminals of an area (and department) in the caller's scope with their codes, made for those that have none. */
  async sheet(p: Principal, q: CitizenSheetQuery) {
    const where = and(
      dataScopeFilter(p, { dept: terminals.deptId }),
      q.area !== undefined ? eq(terminals.area, q.area) : undefined,
      q.deptId !== undefined ? eq(terminals.deptId, q.deptId) : undefined,
    );
    const list = () => this.db.select({ ...poleColumns, code: citizenPoles.code }).from(terminals)
      .leftJoin(citizenPoles, eq(citizenPoles.terminalId, terminals.terminalId)).where(where)
      .orderBy(asc(terminals.area), asc(terminals.name), asc(terminals.terminalId)).limit(SHEET_LIMIT);
    let rows = await list();
    // A code taken by another pole in the meantime (1 in 10^12) leaves that pole without one: try again.
    for (let round = 0; round < 3 && rows.some((r) => !r.code); round++) {
      const missing = rows.filter((r) => !r.code).map((r) => ({ terminalId: r.terminalId, code: newCode() }));
      await this.db.insert(citizenPoles).values(missing).onConflictDoNothing();
      rows = await list();
    }
    return rows.filter((r): r is typeof r & { code: string } => !!r.code);
  }

  /** The areas of the terminals in the caller's scope, for the sheet's picker. */
  async areas(p: Principal): Promise<string[]> {
    const rows = await this.db.selectDistinct({ area: terminals.area }).from(terminals).where(dataScopeFilter(p, { dept: terminals.deptId })).orderBy(asc(terminals.area));
    return rows.map((r) => r.area);
  }

  async countFromAddress(address: string, since: Date): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(citizenReports).where(and(eq(citizenReports.address, address), gte(citizenReports.createdAt, since)));
    return row?.n ?? 0;
  }

  async countForPole(terminalId: number, since: Date): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(citizenReports).where(and(eq(citizenReports.terminalId, terminalId), gte(citizenReports.createdAt, since)));
    return row?.n ?? 0;
  }

  /** The lamp's newest alarm that is still open, of any kind. */
  async openAlarmOf(terminalId: number): Promise<{ alarmId: number } | undefined> {
    const [row] = await this.db.select({ alarmId: alarms.alarmId }).from(alarms)
      .where(and(eq(alarms.terminalId, terminalId), isNull(alarms.clearedAt), inArray(alarms.status, [...OPEN_ALARM_STATUSES])))
      .orderBy(desc(alarms.raisedAt), desc(alarms.alarmId)).limit(1);
    return row;
  }

  /**
   * Stores a report unless the address or the pole reached its limit: the check and the insert run under a
   * lock per address, so concurrent reports from one address cannot pass the limit together. Answers the row,
   * or which limit refused it.
   */
  insertWithin(values: NewCitizenReport, limits: { perAddress: number; addressSince: Date; perPole: number; poleSince: Date }) {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'citizen:' + values.address}))`);
      const repo = new CitizenRepository(tx as unknown as Db);
      if ((await repo.countFromAddress(values.address ?? '', limits.addressSince)) >= limits.perAddress) return 'address' as const;
      if ((await repo.countForPole(values.terminalId, limits.poleSince)) >= limits.perPole) return 'pole' as const;
      const [row] = await tx.insert(citizenReports).values(values).returning();
      return row;
    });
  }

  /** A report by its token with what its status page shows. */
  async status(token: string) {
    const [row] = await this.db
      .select({
        problem: citizenReports.problem, createdAt: citizenReports.createdAt, poleNo: terminals.name, address: terminals.address,
        alarmStatus: alarms.status, alarmClearedAt: alarms.clearedAt, alarmUpdatedAt: alarms.updatedAt,
      })
      .from(citizenReports)
      .innerJoin(terminals, eq(terminals.terminalId, citizenReports.terminalId))
      .leftJoin(alarms, eq(alarms.alarmId, citizenReports.alarmId))
      .where(eq(citizenReports.token, token))
      .limit(1);
    return row;
  }

  /** The reports joined to an alarm, newest first (operators only: phone and photo included). */
  async ofAlarm(alarmId: number) {
    return this.db.select().from(citizenReports).where(eq(citizenReports.alarmId, alarmId)).orderBy(desc(citizenReports.createdAt)).limit(100);
  }
}
