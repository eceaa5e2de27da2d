import { sql } from 'drizzle-orm';
import { date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, real, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { CloPoint } from '@sl/contracts';
import { workOrders } from './alarm-workflow.js';
import { terminals } from './device.js';
import { departments } from './system.js';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** The lamp-type catalogue (docs/assets.md): what a luminaire is rated for, and its fault thresholds. */
export const lampTypes = pgTable(
  'lamp_type',
  {
    lampTypeId: serial('lamp_type_id').primaryKey(),
    manufacturer: varchar('manufacturer', { length: 64 }).notNull(),
    model: varchar('model', { length: 64 }).notNull(),
    ratedPowerW: real('rated_power_w').notNull(),
    tolerancePct: real('tolerance_pct').notNull().default(10),
    ratedLifeH: integer('rated_life_h').notNull(),
    driverType: varchar('driver_type', { length: 16 }).notNull().default('dali'),
    cloCurve: jsonb('clo_curve').$type<CloPoint[]>().notNull().default([]),
    maintenanceFactor: real('maintenance_factor').notNull().default(0.8),
    absoluteMinW: real('absolute_min_w'),
    absoluteMaxW: real('absolute_max_w'),
    debounceS: integer('debounce_s').notNull().default(300),
    cyclingPerHour: integer('cycling_per_hour').notNull().default(6),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...timestamps,
  },
  (t) => [uniqueIndex('lamp_type_make_model').on(t.manufacturer, t.model)],
);

/** A department's own fault thresholds for a lamp type; null keeps the type's. */
export const lampFaultOverrides = pgTable(
  'lamp_fault_override',
  {
    deptId: integer('dept_id').notNull().references(() => departments.deptId, { onDelete: 'cascade' }),
    lampTypeId: integer('lamp_type_id').notNull().references(() => lampTypes.lampTypeId, { onDelete: 'cascade' }),
    tolerancePct: real('tolerance_pct'),
    debounceS: integer('debounce_s'),
    cyclingPerHour: integer('cycling_per_hour'),
  },
  (t) => [primaryKey({ columns: [t.deptId, t.lampTypeId] })],
);

/** A lamp or a cabinet circuit on a pole: the asset register. */
export const lampAssets = pgTable(
  'lamp_asset',
  {
    assetId: serial('asset_id').primaryKey(),
    poleNo: varchar('pole_no', { length: 32 }).notNull(),
    lampTypeId: integer('lamp_type_id').notNull().references(() => lampTypes.lampTypeId),
    terminalId: integer('terminal_id').references(() => terminals.terminalId, { onDelete: 'set null' }),
    loop: smallint('loop'),
    lampCount: smallint('lamp_count').notNull().default(1),
    deptId: integer('dept_id').references(() => departments.deptId, { onDelete: 'set null' }),
    installDate: date('install_date'),
    warrantyEnd: date('warranty_end'),
    supplier: varchar('supplier', { length: 64 }).notNull().default(''),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    repairs: integer('repairs').notNull().default(0),
    lastRepairAt: timestamp('last_repair_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // A pole holds one record per controller and circuit (an unlinked lamp counts as controller 0, circuit 0).
    uniqueIndex('lamp_asset_pole_terminal_loop').on(t.poleNo, sql`coalesce(${t.terminalId}, 0)`, sql`coalesce(${t.loop}, 0)`),
    index('lamp_asset_pole_idx').on(t.poleNo),
    index('lamp_asset_terminal_idx').on(t.terminalId),
    index('lamp_asset_dept_idx').on(t.deptId),
    index('lamp_asset_type_idx').on(t.lampTypeId),
  ],
);

/** One lamp's readings of one UTC day, summed by every gateway instance (additive upserts): the daily job's input. */
export const lampDays = pgTable(
  'lamp_day',
  {
    assetId: integer('asset_id').notNull().references(() => lampAssets.assetId, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    /** Readings while commanded on at a level above zero. */
    litReadings: integer('lit_readings').notNull().default(0),
    /** Sum of measured ÷ expected power over those readings. */
    ratioSum: doublePrecision('ratio_sum').notNull().default(0),
    pfSum: doublePrecision('pf_sum').notNull().default(0),
    /** Lit → dark changes while commanded on. */
    cycles: integer('cycles').notNull().default(0),
    burnHours: real('burn_hours'),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.day] }), index('lamp_day_day_idx').on(t.day)],
);

/** Each lamp's running health (folded daily) and its latest failure score with reasons. */
export const lampHealth = pgTable(
  'lamp_health',
  {
    assetId: integer('asset_id').primaryKey().references(() => lampAssets.assetId, { onDelete: 'cascade' }),
    days: integer('days').notNull().default(0),
    lastDay: date('last_day'),
    baselineRatio: doublePrecision('baseline_ratio'),
    baselinePf: doublePrecision('baseline_pf'),
    recentRatio: doublePrecision('recent_ratio'),
    recentPf: doublePrecision('recent_pf'),
    /** The ratio's slope per day over recent weeks (EWMA of daily differences). */
    ratioSlope: doublePrecision('ratio_slope').notNull().default(0),
    pfSlope: doublePrecision('pf_slope').notNull().default(0),
    cyclesPerDay: doublePrecision('cycles_per_day').notNull().default(0),
    burnHours: real('burn_hours'),
    score: real('score').notNull().default(0),
    reasons: jsonb('reasons').$type<Array<{ code: string; value: number }>>().notNull().default([]),
    scoredAt: timestamp('scored_at', { withTimezone: true }),
  },
  (t) => [index('lamp_health_score_idx').on(t.score)],
);

/** The lamps of a planned maintenance round (a work order without alarms), in route order. */
export const workOrderAssets = pgTable(
  'work_order_asset',
  {
    orderId: integer('order_id').notNull().references(() => workOrders.orderId, { onDelete: 'cascade' }),
    assetId: integer('asset_id').notNull().references(() => lampAssets.assetId, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.assetId] }), index('work_order_asset_asset_idx').on(t.assetId)],
);
