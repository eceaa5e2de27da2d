import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { departments, users } from './system.js';

/** A dispatch leaflet (派发传单); its id comes from the sequence control policies share (`/policy/getData`). */
export const leaflets = pgTable(
  'dispatch_leaflet',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().default(sql`nextval('policy_document_id_seq')`),
    title: varchar('title', { length: 64 }).notNull(),
    instruction: varchar('instruction', { length: 1000 }).notNull(),
    groupMode: smallint('group_mode').notNull(),
    targetIds: integer('target_ids').array().notNull(),
    terminalCount: integer('terminal_count').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    deptId: integer('dept_id').references(() => departments.deptId),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    /** The lowest status of its receivers, kept with every receipt. */
    status: smallint('status').notNull().default(1),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dispatch_leaflet_dept_idx').on(t.deptId, t.status)],
);

/** One receiver of a leaflet and how far they got. */
export const leafletReceivers = pgTable(
  'dispatch_leaflet_receiver',
  {
    leafletId: bigint('leaflet_id', { mode: 'number' }).notNull().references(() => leaflets.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.userId, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(1),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    note: varchar('note', { length: 500 }).notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.leafletId, t.userId] }), index('dispatch_leaflet_receiver_user_idx').on(t.userId, t.status)],
);
