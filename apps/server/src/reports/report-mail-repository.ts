import { and, eq, sql } from 'drizzle-orm';
import type { ReportMail, ReportMailBody } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/sql-rows.js';
import { departments, reportMails } from '../db/schema/index.js';
import { deptZoneSql } from '../devices/terminal/terminal-zone-domain.js';
import { dataScopeFilter } from '../system/access/data-scope.js';
import type { Principal } from '../system/access/principal.js';

export interface DueMail extends ReportMail {
  /** The department's zone (its own or the nearest above), null: the installation's. */
  timeZone: string | null;
}

/** The monthly report e-mails: one per department, the only writer of report_mail. */
export class ReportMailRepository {
  constructor(private readonly db: Db) {}

  async list(): Promise<DueMail[]> {
    const result = await this.db.execute(sql`
      select m.id, m.dept_id, coalesce(d.dept_name, '') as dept_name, m.recipients, m.locale, m.enabled, m.last_month, m.last_error,
        ${deptZoneSql(sql`m.dept_id`)} as time_zone
      from report_mail m left join sys_dept d on d.dept_id = m.dept_id order by m.id`);
    return rowsOf<Record<string, unknown>>(result).map((r) => ({
      id: Number(r.id), deptId: Number(r.dept_id), deptName: String(r.dept_name), recipients: r.recipients as string[], locale: r.locale as ReportMail['locale'],
      enabled: Boolean(r.enabled), lastMonth: (r.last_month as string | null) ?? null, lastError: String(r.last_error), timeZone: (r.time_zone as string | null) ?? null,
    }));
  }

  /** Adds or replaces the e-mail of the body's department; answers its id. */
  async save(body: ReportMailBody, userId: number): Promise<number> {
    const [row] = await this.db
      .insert(reportMails)
      .values({ ...body, createdBy: userId })
      .onConflictDoUpdate({ target: reportMails.deptId, set: { recipients: body.recipients, locale: body.locale, enabled: body.enabled, updatedAt: new Date() } })
      .returning({ id: reportMails.id });
    return row.id;
  }

  async remove(id: number): Promise<boolean> {
    const rows = await this.db.delete(reportMails).where(eq(reportMails.id, id)).returning({ id: reportMails.id });
    return rows.length > 0;
  }

  /** Whether the department exists within the caller's data scope (one outside it answers as a missing one). */
  async deptVisible(p: Principal, deptId: number): Promise<boolean> {
    const where = and(eq(departments.deptId, deptId), dataScopeFilter(p, { dept: departments.deptId }));
    return (await this.db.select({ id: departments.deptId }).from(departments).where(where)).length > 0;
  }

  /**
   * Marks the month sent (or its failure) unless another instance already did: answers whether this call won, so a
   * month goes out once even when two runs race.
   */
  async claim(id: number, month: string): Promise<boolean> {
    const rows = await this.db
      .update(reportMails)
      .set({ lastMonth: month, updatedAt: new Date() })
      .where(and(eq(reportMails.id, id), sql`${reportMails.lastMonth} is distinct from ${month}`))
      .returning({ id: reportMails.id });
    return rows.length > 0;
  }

  async failed(id: number, error: string, previousMonth: string | null): Promise<void> {
    await this.db.update(reportMails).set({ lastMonth: previousMonth, lastError: error.slice(0, 255) }).where(eq(reportMails.id, id));
  }

  async succeeded(id: number): Promise<void> {
    await this.db.update(reportMails).set({ lastError: '' }).where(eq(reportMails.id, id));
  }
}
