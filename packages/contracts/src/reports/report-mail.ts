import { z } from 'zod';
import { LOCALES } from '../constants.js';
import { id } from '../api/fields.js';

/** A department's monthly report e-mail: its recipients and the language of the PDF. */
export const reportMailBody = z.object({
  deptId: id('deptId'),
  recipients: z
    .array(z.string().trim().email('recipients must be e-mail addresses').max(254), { error: 'recipients must be an array of e-mail addresses' })
    .min(1, 'recipients must not be empty')
    .max(50, 'recipients takes at most 50 addresses'),
  locale: z.enum(LOCALES, { error: `locale must be one of ${LOCALES.join(', ')}` }).default('zh-CN'),
  enabled: z.boolean().default(true),
});
export type ReportMailBody = z.output<typeof reportMailBody>;

export interface ReportMail extends ReportMailBody {
  id: number;
  deptName: string;
  /** The month (YYYY-MM) last sent; null before the first. */
  lastMonth: string | null;
  lastError: string;
}

/** A department's month; without `deptId` the caller's department, without `month` last month. */
export const monthReportQuery = z.object({
  deptId: id('deptId').optional(),
  month: z.string({ error: 'month must be a month YYYY-MM' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be a month YYYY-MM').optional(),
  locale: z.enum(LOCALES, { error: `locale must be one of ${LOCALES.join(', ')}` }).optional(),
});
export type MonthReportQuery = z.output<typeof monthReportQuery>;
