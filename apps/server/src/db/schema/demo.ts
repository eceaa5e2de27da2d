import { check, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** One row once the demo's past week has been claimed for this database (src/demo/demo-history.ts). */
export const demoHistory = pgTable(
  'demo_history',
  {
    id: smallint('id').primaryKey().default(1),
    days: smallint('days').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null while it is being written, or when the instance writing it stopped half-way. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [check('demo_history_one_row', sql`${t.id} = 1`)],
);
