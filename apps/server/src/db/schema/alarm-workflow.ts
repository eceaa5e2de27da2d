import { bigserial, index, integer, jsonb, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { alarms } from './device.js';
import { departments, users } from './system.js';

/** Every alarm status change: who, when, from, to, why (the alarm's timeline). */
export const alarmLogs = pgTable(
  'alarm_log',
  {
    logId: bigserial('log_id', { mode: 'number' }).primaryKey(),
    alarmId: integer('alarm_id').notNull().references(() => alarms.alarmId, { onDelete: 'cascade' }),
    orderId: integer('order_id'),
    event: varchar('event', { length: 24 }).notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    note: varchar('note', { length: 500 }).notNull().default(''),
    userId: integer('user_id').references(() => users.userId, { onDelete: 'set null' }),
    userName: varchar('user_name', { length: 64 }).notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alarm_log_alarm_idx').on(t.alarmId, t.at), index('alarm_log_at_idx').on(t.at)],
);

/** A repair work order: one or many alarms sent to one maintenance person. */
export const workOrders = pgTable(
  'work_order',
  {
    orderId: serial('order_id').primaryKey(),
    deptId: integer('dept_id'),
    status: smallint('status').notNull().default(1),
    /** 'repair' (from alarms) or 'maintenance' (a planned round of lamps, work_order_asset). */
    kind: varchar('kind', { length: 16 }).notNull().default('repair'),
    assigneeId: integer('assignee_id').notNull().references(() => users.userId),
    priority: smallint('priority').notNull().default(2),
    dueAt: timestamp('due_at', { withTimezone: true }),
    instruction: varchar('instruction', { length: 500 }).notNull().default(''),
    progressNote: varchar('progress_note', { length: 500 }).notNull().default(''),
    completionNote: varchar('completion_note', { length: 500 }).notNull().default(''),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('work_order_assignee_idx').on(t.assigneeId, t.status), index('work_order_dept_idx').on(t.deptId, t.status)],
);

export const workOrderAlarms = pgTable(
  'work_order_alarm',
  {
    orderId: integer('order_id').notNull().references(() => workOrders.orderId, { onDelete: 'cascade' }),
    alarmId: integer('alarm_id').notNull().references(() => alarms.alarmId, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('work_order_alarm_pk').on(t.orderId, t.alarmId), index('work_order_alarm_alarm_idx').on(t.alarmId)],
);

/** Every text message sent or to be sent, with its delivery state; failures are retried with backoff. */
export const smsLogs = pgTable(
  'sms_log',
  {
    smsId: bigserial('sms_id', { mode: 'number' }).primaryKey(),
    deptId: integer('dept_id'),
    userId: integer('user_id').references(() => users.userId, { onDelete: 'set null' }),
    phone: varchar('phone', { length: 32 }).notNull(),
    template: varchar('template', { length: 32 }).notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    content: varchar('content', { length: 500 }).notNull(),
    provider: varchar('provider', { length: 16 }).notNull(),
    state: varchar('state', { length: 12 }).notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    lastError: varchar('last_error', { length: 255 }).notNull().default(''),
    alarmId: integer('alarm_id'),
    orderId: integer('order_id'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('sms_log_created_idx').on(t.createdAt), index('sms_log_retry_idx').on(t.state, t.nextAttemptAt)],
);

/**
 * Alarm settings of one department and device family: which events raise alarms, thresholds, debounce, severities,
 * who is texted. They govern the department's terminals and those below it that have no settings of their own.
 */
export const alarmSets = pgTable(
  'alarm_set',
  {
    setId: serial('set_id').primaryKey(),
    deptId: integer('dept_id').notNull().references(() => departments.deptId, { onDelete: 'cascade' }),
    family: varchar('family', { length: 8 }).notNull(),
    enabledKinds: jsonb('enabled_kinds').$type<string[]>().notNull(),
    thresholds: jsonb('thresholds').$type<Record<string, number | string | null>>().notNull().default({}),
    debounceS: integer('debounce_s').notNull().default(0),
    severities: jsonb('severities').$type<Partial<Record<string, number>>>().notNull().default({}),
    smsUserIds: jsonb('sms_user_ids').$type<number[]>().notNull().default([]),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('alarm_set_dept_family').on(t.deptId, t.family)],
);
