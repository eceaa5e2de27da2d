import { boolean, integer, pgTable, serial, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { departments, users } from './system.js';

/** Who receives a department's monthly report PDF (migration 0025, reports/monthly-mail.ts). */
export const reportMails = pgTable(
  'report_mail',
  {
    id: serial('id').primaryKey(),
    deptId: integer('dept_id').notNull().references(() => departments.deptId, { onDelete: 'cascade' }),
    recipients: text('recipients').array().notNull(),
    locale: varchar('locale', { length: 8 }).notNull().default('zh-CN'),
    enabled: boolean('enabled').notNull().default(true),
    /** The month (YYYY-MM) whose report was last sent. */
    lastMonth: varchar('last_month', { length: 7 }),
    lastError: varchar('last_error', { length: 255 }).notNull().default(''),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('report_mail_dept_unique').on(t.deptId)],
);
