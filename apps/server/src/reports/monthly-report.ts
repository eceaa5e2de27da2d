import { addDays, type Locale, type ReportMail } from '@sl/contracts';
import { zonedDate, zonedTime } from '../control/compiler/zone-time.js';
import { badRequest, notFound, text } from '../http/errors.js';
import type { Mailer } from '../mail/index.js';
import type { ScheduledJob } from '../scheduler/scheduled-job.js';
import type { Principal } from '../system/access/principal.js';
import type { EnergyReportService } from './energy-report.js';
import type { OperationsReportService } from './operations-report.js';
import { monthReportPdf } from './report-pdf.js';
import type { DueMail, ReportMailRepository } from './report-mail-repository.js';

/** The scheduler's own reader: every department, as the e-mail goes to whoever the administrator chose. */
const SYSTEM: Principal = { userId: 0, username: 'scheduler', deptId: null, deptPath: null, roles: [], permissions: new Set(), isAdmin: true };
/** The report goes out at 08:00 local time on the 1st. */
const SEND_MINUTE = 8 * 60;

const lastDayOf = (month: string) => addDays(`${addDays(`${month}-28`, 4).slice(0, 7)}-01`, -1);
/** The month before the one holding the local date. */
export const monthBefore = (date: string) => addDays(`${date.slice(0, 7)}-01`, -1).slice(0, 7);

const SUBJECT: Record<Locale, (dept: string, month: string) => string> = {
  'zh-CN': (dept, month) => `${dept} ${month} 月度照明报表`,
  'en-US': (dept, month) => `${dept}: lighting report for ${month}`,
};
const BODY: Record<Locale, (dept: string, month: string) => string> = {
  'zh-CN': (dept, month) => `附件是${dept} ${month} 的月度照明报表（用电、节能、亮灯率、故障与维修）。\n此邮件由路灯管理平台自动发送。`,
  'en-US': (dept, month) => `Attached is the lighting report of ${dept} for ${month} (energy, savings, lighting rate, faults and repairs).\nSent by the street-light console.`,
};

/** A department's month as a PDF, and its e-mail to the chosen recipients on the 1st (docs/reports.md). */
export class MonthlyReportService {
  constructor(
    private readonly energy: EnergyReportService,
    private readonly operations: OperationsReportService,
    private readonly mails: ReportMailRepository,
    private readonly mailer: Mailer,
    private readonly installationZone: string,
  ) {}

  /** The month PDF of a department in the caller's scope (404 when it is not). */
  async pdf(p: Principal, deptId: number, month: string, locale: Locale, now = new Date()): Promise<{ pdf: Buffer; filename: string; deptName: string }> {
    const q = { from: `${month}-01`, to: lastDayOf(month), groupBy: 'department' as const, deptIds: [deptId], areas: undefined, noArea: false, boxIds: undefined, terminalIds: undefined, lastYear: false };
    const [daily, areas, byDept, ops] = await Promise.all([
      this.energy.report(p, { ...q, groupBy: 'day' }),
      this.energy.report(p, { ...q, groupBy: 'area' }),
      this.energy.report(p, { ...q, groupBy: 'department' }),
      this.operations.report(p, q, now),
    ]);
    const deptName = byDept.rows.find((r) => r.key === String(deptId))?.label ?? byDept.rows[0]?.label ?? '';
    if (!byDept.rows.length && !(await this.mails.deptVisible(p, deptId))) throw notFound(text('report.deptNotFound', { id: deptId }));
    const pdf = await monthReportPdf({ deptName, month, locale, total: daily.total, daily: daily.rows, areas: areas.rows, operations: ops, generatedAt: now });
    return { pdf, filename: `report-${deptId}-${month}.pdf`, deptName };
  }

  /** Sends the month's report of one e-mail now; throws what the mail server answered. */
  async send(mail: Pick<ReportMail, 'deptId' | 'recipients' | 'locale' | 'deptName'>, month: string, now = new Date()): Promise<void> {
    if (!this.mailer.configured) throw badRequest(text('report.mailNotConfigured'));
    const { pdf, filename, deptName } = await this.pdf(SYSTEM, mail.deptId, month, mail.locale, now);
    const name = deptName || mail.deptName;
    await this.mailer.send({
      to: mail.recipients, subject: SUBJECT[mail.locale](name, month), text: BODY[mail.locale](name, month),
      attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
    });
  }

  /** Whether a mail's previous month is due at `now`: from 08:00 on the 1st in the department's zone, once. */
  dueMonth(mail: DueMail, now: Date): string | null {
    const zone = mail.timeZone ?? this.installationZone;
    const today = zonedDate(now.getTime(), zone);
    const month = monthBefore(today);
    if (mail.lastMonth !== null && mail.lastMonth >= month) return null;
    return now.getTime() >= zonedTime(`${today.slice(0, 7)}-01`, SEND_MINUTE, zone) ? month : null;
  }

  /** The one scheduler's job: every few minutes, the e-mails whose month is due are claimed and sent. */
  job(log: { error(obj: object, msg: string): void }): ScheduledJob {
    return {
      name: 'reports.monthly',
      everyMs: 5 * 60_000,
      run: async ({ now }) => {
        if (!this.mailer.configured) return;
        for (const mail of await this.mails.list()) {
          const month = mail.enabled ? this.dueMonth(mail, now) : null;
          if (!month || !(await this.mails.claim(mail.id, month))) continue;
          try {
            await this.send(mail, month, now);
            await this.mails.succeeded(mail.id);
          } catch (err) {
            log.error({ err, reportMail: mail.id, month }, 'monthly report e-mail failed; it is tried again at the next run');
            await this.mails.failed(mail.id, err instanceof Error ? err.message : String(err), mail.lastMonth);
          }
        }
      },
    };
  }
}
