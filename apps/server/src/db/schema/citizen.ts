import { bigserial, boolean, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { alarms, terminals } from './device.js';
import { departments } from './system.js';

/** A pole's public code (its QR code and short URL `/r/{code}`); made when its area's sheet is first printed. */
export const citizenPoles = pgTable(
  'citizen_pole',
  {
    terminalId: integer('terminal_id').primaryKey().references(() => terminals.terminalId, { onDelete: 'cascade' }),
    code: varchar('code', { length: 16 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('citizen_pole_code').on(t.code)],
);

/** A citizen's fault report: the alarm it raised or joined, and the secret token of its status link. */
export const citizenReports = pgTable(
  'citizen_report',
  {
    reportId: serial('report_id').primaryKey(),
    token: varchar('token', { length: 64 }).notNull(),
    terminalId: integer('terminal_id').notNull().references(() => terminals.terminalId, { onDelete: 'cascade' }),
    alarmId: integer('alarm_id').references(() => alarms.alarmId, { onDelete: 'set null' }),
    problem: varchar('problem', { length: 16 }).notNull(),
    phone: varchar('phone', { length: 32 }).notNull().default(''),
    photo: varchar('photo', { length: 255 }).notNull().default(''),
    /** The client address, for the per-address throttle only. */
    address: varchar('address', { length: 64 }).notNull().default(''),
    locale: varchar('locale', { length: 8 }).notNull().default('zh-CN'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('citizen_report_token').on(t.token),
    index('citizen_report_address_idx').on(t.address, t.createdAt),
    index('citizen_report_terminal_idx').on(t.terminalId, t.createdAt),
    index('citizen_report_alarm_idx').on(t.alarmId),
  ],
);

/** Where a department's alarm notices go beside SMS: an e-mail list or a WeCom/DingTalk group robot, by severity, in one language. */
export const notifyChannels = pgTable(
  'notify_channel',
  {
    channelId: serial('channel_id').primaryKey(),
    deptId: integer('dept_id').notNull().references(() => departments.deptId, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 12 }).notNull(),
    name: varchar('name', { length: 64 }).notNull().default(''),
    /** E-mail addresses separated by commas, or the robot's webhook URL. */
    target: varchar('target', { length: 1024 }).notNull(),
    /** DingTalk's signing secret (SEC...); empty when the robot does not sign. */
    secret: varchar('secret', { length: 128 }).notNull().default(''),
    severities: jsonb('severities').$type<number[]>().notNull().default([1, 2, 3]),
    locale: varchar('locale', { length: 8 }).notNull().default('zh-CN'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notify_channel_dept_idx').on(t.deptId)],
);

/** One delivery of one alarm notice through one channel: `retrying` until sent or out of attempts (`failed`). */
export const notifyLogs = pgTable(
  'notify_log',
  {
    logId: bigserial('log_id', { mode: 'number' }).primaryKey(),
    channelId: integer('channel_id').references(() => notifyChannels.channelId, { onDelete: 'set null' }),
    alarmId: integer('alarm_id'),
    kind: varchar('kind', { length: 12 }).notNull(),
    state: varchar('state', { length: 12 }).notNull(),
    error: varchar('error', { length: 255 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(1),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** The notice as first worded (title and lines), sent again as it was. */
    words: jsonb('words').$type<{ title: string; lines: string[] }>(),
  },
  (t) => [index('notify_log_created_idx').on(t.createdAt), index('notify_log_due_idx').on(t.state, t.nextAttemptAt)],
);
