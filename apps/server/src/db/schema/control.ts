import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { CalendarRule, DayStart, MessageParams, ProgramStep } from '@sl/contracts';
import { terminals } from './device.js';
import { departments, users } from './system.js';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Control policies; ids come from the sequence dispatch leaflets share, so `/policy/getData?id=` names one document. */
export const controlPolicies = pgTable('control_policy', {
  id: bigint('id', { mode: 'number' }).primaryKey().default(sql`nextval('policy_document_id_seq')`),
  name: varchar('name', { length: 64 }).notNull(),
  family: varchar('family', { length: 8 }).notNull(),
  model: smallint('model').notNull(),
  openMode: smallint('open_mode').notNull().default(2),
  steps: jsonb('steps').$type<ProgramStep[]>().notNull(),
  templateId: integer('template_id'),
  deptId: integer('dept_id').references(() => departments.deptId),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
  createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
  ...timestamps,
});

export const controlTemplates = pgTable('control_template', {
  id: serial('id').primaryKey(),
  family: varchar('family', { length: 8 }).notNull(),
  model: smallint('model').notNull(),
  name: varchar('name', { length: 64 }).notNull(),
  steps: jsonb('steps').$type<ProgramStep[]>().notNull(),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
  ...timestamps,
}, (t) => [index('control_template_family_idx').on(t.family)]);

export const controlPlans = pgTable('control_plan', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  policyId: bigint('policy_id', { mode: 'number' }).notNull().references(() => controlPolicies.id),
  groupMode: smallint('group_mode').notNull(),
  targetIds: integer('target_ids').array().notNull(),
  startDate: date('start_date').notNull(),
  endDate: date('end_date').notNull(),
  timeZone: varchar('time_zone', { length: 64 }).notNull(),
  deptId: integer('dept_id').references(() => departments.deptId),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
  createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
  /** Calendar rules over the plan's policy, highest priority first (contracts control/calendar.ts; migration 0029). */
  rules: jsonb('rules').$type<CalendarRule[]>().notNull().default([]),
  /** When the rules' days start: 'midnight' or 'noon'. */
  dayStart: varchar('day_start', { length: 8 }).$type<DayStart>().notNull().default('midnight'),
  ...timestamps,
}, (t) => [index('control_plan_dates_idx').on(t.startDate, t.endDate)]);

export const controlEmergencies = pgTable('control_emergency', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  action: varchar('action', { length: 4 }).notNull(),
  level: smallint('level').notNull(),
  groupMode: smallint('group_mode').notNull(),
  targetIds: integer('target_ids').array().notNull(),
  startAt: timestamp('start_at', { withTimezone: true }).notNull(),
  expireAt: timestamp('expire_at', { withTimezone: true }).notNull(),
  /** Cancelled by an operator: the override ends here instead of at `expireAt`. */
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  cancelledBy: integer('cancelled_by').references(() => users.userId, { onDelete: 'set null' }),
  deptId: integer('dept_id').references(() => departments.deptId),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
  createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('control_emergency_expire_idx').on(t.expireAt)]);

/** Strategy, area, electricity and maintenance sets: one table, the kind's fields in `data`. */
export const controlSets = pgTable('control_set', {
  id: serial('id').primaryKey(),
  kind: varchar('kind', { length: 16 }).notNull(),
  name: varchar('name', { length: 64 }).notNull(),
  deptId: integer('dept_id').references(() => departments.deptId),
  isDefault: boolean('is_default').notNull().default(false),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  ...timestamps,
}, (t) => [index('control_set_kind_idx').on(t.kind)]);

/** Terminals of a set: an area's members, a maintenance unit's terminals, a strategy's per-terminal overrides. */
export const controlSetTerminals = pgTable('control_set_terminal', {
  setId: integer('set_id').notNull().references(() => controlSets.id, { onDelete: 'cascade' }),
  terminalId: integer('terminal_id').notNull().references(() => terminals.terminalId, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.setId, t.terminalId] }), index('control_set_terminal_terminal_idx').on(t.terminalId)]);

/** One download of a program or override to one terminal and its outcome (spec "policy task"). */
export const controlTasks = pgTable('control_task', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  source: varchar('source', { length: 12 }).notNull(),
  sourceId: integer('source_id').notNull(),
  terminalId: integer('terminal_id').notNull().references(() => terminals.terminalId, { onDelete: 'cascade' }),
  cmd: varchar('cmd', { length: 32 }).notNull(),
  params: jsonb('params').$type<Record<string, unknown>>().notNull(),
  commandId: bigint('command_id', { mode: 'number' }),
  state: varchar('state', { length: 12 }).notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  msg: varchar('msg', { length: 255 }).notNull().default(''),
  /** The outcome's catalogue key and parameters, worded in the reader's language; null: `msg` is read as stored (a terminal's own text, older rows). */
  msgKey: varchar('msg_key', { length: 64 }),
  msgParams: jsonb('msg_params').$type<MessageParams>(),
  ...timestamps,
}, (t) => [
  uniqueIndex('control_task_source_terminal').on(t.source, t.sourceId, t.terminalId),
  index('control_task_command_idx').on(t.commandId),
  index('control_task_terminal_idx').on(t.terminalId, t.state),
]);

/** What each terminal was last told to run, so an unchanged program is not sent again. */
export const controlBindings = pgTable('control_binding', {
  terminalId: integer('terminal_id').primaryKey().references(() => terminals.terminalId, { onDelete: 'cascade' }),
  source: varchar('source', { length: 12 }).notNull(),
  sourceId: integer('source_id').notNull(),
  fingerprint: text('fingerprint').notNull(),
  boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The scheduler's record of each job's last run (scheduler/). */
export const schedulerJobs = pgTable('scheduler_job', {
  name: varchar('name', { length: 64 }).primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastError: text('last_error'),
  runs: integer('runs').notNull().default(0),
  /** Lease of the run in progress; another instance takes over once it has passed. */
  runningUntil: timestamp('running_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
