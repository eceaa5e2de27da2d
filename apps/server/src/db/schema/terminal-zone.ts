import { doublePrecision, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * The IANA zone at each positioned terminal (migration 0022), found in TypeScript from offline boundaries and kept by
 * the rollup job (fleet/terminal-days-domain.ts) so that SQL reads each terminal's local days; `lat`/`lng` say which
 * position it was found for. A terminal without one has none here.
 */
export const terminalPositionZones = pgTable('terminal_position_zone', {
  terminalId: integer('terminal_id').primaryKey(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  timeZone: varchar('time_zone', { length: 64 }).notNull(),
});
