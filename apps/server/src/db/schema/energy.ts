import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { departments } from './system.js';

/** Energy notices: one row per receiving department; a department's deletion takes its notices with it. */
export const energyNotices = pgTable(
  'energy_notice',
  {
    id: serial('id').primaryKey(),
    /** The sender's session uniqueId (sys_user.unique_id), kept as text so it outlives the account. */
    uniqueId: varchar('unique_id', { length: 64 }).notNull(),
    deptId: integer('dept_id').notNull().references(() => departments.deptId, { onDelete: 'cascade' }),
    level: smallint('level').notNull().default(1),
    sendTitle: varchar('send_title', { length: 128 }).notNull(),
    sendContent: varchar('send_content', { length: 2000 }).notNull(),
    /** The sender's department name at sending time. */
    sendDept: varchar('send_dept', { length: 64 }).notNull().default(''),
    sendTime: timestamp('send_time', { withTimezone: true }).notNull().defaultNow(),
    recvContent: varchar('recv_content', { length: 1000 }).notNull().default(''),
    recvName: varchar('recv_name', { length: 64 }).notNull().default(''),
    recvTime: timestamp('recv_time', { withTimezone: true }),
    recvStatus: smallint('recv_status').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('energy_notice_send_time_idx').on(t.sendTime, t.id),
    index('energy_notice_dept_status_idx').on(t.deptId, t.recvStatus),
    check('energy_notice_level_check', sql`${t.level} in (1, 2, 3)`),
    check('energy_notice_recv_status_check', sql`${t.recvStatus} in (0, 1, 2)`),
  ],
);
