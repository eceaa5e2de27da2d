import { sql } from 'drizzle-orm';
import { bigserial, boolean, char, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, real, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { departments, enterprises, users } from './system.js';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const terminalBoxes = pgTable('terminal_box', {
  boxId: serial('box_id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  code: varchar('code', { length: 64 }).notNull().unique(),
  deptId: integer('dept_id').references(() => departments.deptId),
  area: varchar('area', { length: 128 }).notNull().default(''),
  address: varchar('address', { length: 255 }).notNull().default(''),
  lng: doublePrecision('lng'),
  lat: doublePrecision('lat'),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
  ...timestamps,
});

export const terminals = pgTable(
  'terminal',
  {
    terminalId: serial('terminal_id').primaryKey(),
    sn: varchar('sn', { length: 32 }).notNull(),
    family: varchar('family', { length: 8 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    model: smallint('model').notNull(),
    manufacturer: varchar('manufacturer', { length: 8 }).notNull().default('HW'),
    imsi: varchar('imsi', { length: 20 }).notNull().default(''),
    enterpriseId: integer('enterprise_id').references(() => enterprises.enterpriseId),
    deptId: integer('dept_id').references(() => departments.deptId),
    area: varchar('area', { length: 128 }).notNull().default(''),
    boxId: integer('box_id').references(() => terminalBoxes.boxId, { onDelete: 'set null' }),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    address: varchar('address', { length: 255 }).notNull().default(''),
    registerState: smallint('register_state').notNull().default(2),
    onlineState: smallint('online_state').notNull().default(2),
    status: smallint('status').notNull().default(1),
    locked: boolean('locked').notNull().default(false),
    /** Whether the latest heartbeat's voltage was out of range; with open faults it makes the terminal abnormal. */
    voltageAbnormal: boolean('voltage_abnormal').notNull().default(false),
    controlMode: varchar('control_mode', { length: 8 }).notNull().default('auto'),
    phases: smallint('phases').notNull().default(3),
    loops: smallint('loops').notNull().default(0),
    installDate: date('install_date'),
    firmware: varchar('firmware', { length: 32 }).notNull().default(''),
    heartbeatS: integer('heartbeat_s').notNull().default(60),
    /** What lit means and the ceiling of a day's energy; null: the model's default (contracts: ratedPowerW). */
    ratedPowerW: integer('rated_power_w'),
    /** IANA zone its programs, alarm windows and days are read in; null: its department's, else its position's, else the installation's. */
    timeZone: varchar('time_zone', { length: 64 }),
    secretHash: varchar('secret_hash', { length: 128 }).notNull().default(''),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('terminal_family_sn').on(t.family, t.sn),
    index('terminal_dept_idx').on(t.deptId),
    index('terminal_sn_trgm').using('gin', sql`${t.sn} gin_trgm_ops`),
    index('terminal_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('terminal_imsi_trgm').using('gin', sql`${t.imsi} gin_trgm_ops`),
    index('terminal_status_idx').on(t.status, t.terminalId),
    index('terminal_online_idx').on(t.onlineState, t.terminalId),
    index('terminal_family_idx').on(t.family, t.terminalId),
    index('terminal_box_idx').on(t.boxId),
  ],
);

/**
 * Append-only readings, one row per heartbeat; both models share the table (unused columns stay null).
 * Range-partitioned by day on `ts` (migration 0008, apps/server/src/fleet/partitions.ts): every unique key includes `ts`.
 */
export const heartbeats = pgTable(
  'heartbeat',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    terminalId: integer('terminal_id').notNull(),
    mid: varchar('mid', { length: 64 }).notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    model: smallint('model').notNull(),
    voltageA: real('voltage_a'),
    voltageB: real('voltage_b'),
    voltageC: real('voltage_c'),
    currentA: real('current_a'),
    currentB: real('current_b'),
    currentC: real('current_c'),
    powerA: real('power_a'),
    powerB: real('power_b'),
    powerC: real('power_c'),
    powerFactor: real('power_factor'),
    energyKwh: doublePrecision('energy_kwh'),
    leakageMa: real('leakage_ma'),
    dim: smallint('dim'),
    on: boolean('on'),
    burnHours: real('burn_hours'),
    temperatureC: real('temperature_c'),
    extra: jsonb('extra'),
  },
  (t) => [
    primaryKey({ name: 'heartbeat_pkey', columns: [t.id, t.ts] }),
    uniqueIndex('heartbeat_terminal_mid').on(t.terminalId, t.mid, t.ts),
    index('heartbeat_terminal_ts').on(t.terminalId, t.ts),
    index('heartbeat_ts').on(t.ts, t.id),
  ],
);

/** Range-partitioned by day on `ts`, like `heartbeat`. */
export const deviceEvents = pgTable(
  'device_event',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    terminalId: integer('terminal_id').notNull(),
    mid: varchar('mid', { length: 64 }).notNull(),
    event: varchar('event', { length: 32 }).notNull(),
    state: varchar('state', { length: 8 }).notNull(),
    value: real('value'),
    loop: smallint('loop'),
    phase: char('phase', { length: 1 }),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'device_event_pkey', columns: [t.id, t.ts] }),
    uniqueIndex('device_event_terminal_mid').on(t.terminalId, t.mid, t.ts),
    index('device_event_terminal_ts').on(t.terminalId, t.ts),
  ],
);

/** A command sent to a terminal and what became of it: a task execution record. */
export const terminalCommands = pgTable(
  'terminal_command',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mid: varchar('mid', { length: 64 }).notNull().unique(),
    terminalId: integer('terminal_id').notNull().references(() => terminals.terminalId, { onDelete: 'cascade' }),
    cmd: varchar('cmd', { length: 32 }).notNull(),
    params: jsonb('params').notNull(),
    state: varchar('state', { length: 12 }).notNull().default('pending'),
    replyCode: integer('reply_code'),
    replyMsg: varchar('reply_msg', { length: 255 }),
    replyData: jsonb('reply_data'),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When it was handed to the terminal's broker session; null while queued for an offline terminal. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('terminal_command_terminal_idx').on(t.terminalId, t.createdAt),
    index('terminal_command_pending_idx').on(t.state, t.expiresAt),
    index('terminal_command_queued_idx').on(t.terminalId).where(sql`${t.sentAt} is null and ${t.state} = 'pending'`),
  ],
);

export const alarms = pgTable(
  'alarm',
  {
    alarmId: serial('alarm_id').primaryKey(),
    terminalId: integer('terminal_id').notNull().references(() => terminals.terminalId, { onDelete: 'cascade' }),
    deptId: integer('dept_id'),
    kind: varchar('kind', { length: 32 }).notNull(),
    /** Null on alarms raised before migration 0010: the catalogue's severity. */
    severity: smallint('severity'),
    status: smallint('status').notNull().default(1),
    message: varchar('message', { length: 255 }).notNull().default(''),
    /** Set on generated descriptions (`stored.alarmDescription`): read in the reader's language from kind, loop, phase and value; null on manual text and older rows. */
    messageKey: varchar('message_key', { length: 64 }),
    value: real('value'),
    loop: smallint('loop'),
    phase: char('phase', { length: 1 }),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    /** Who raised it: 'device' (gateway, verification, operators) or 'citizen' (a report from the pole's QR code). */
    source: varchar('source', { length: 16 }).notNull().default('device'),
    ...timestamps,
  },
  (t) => [
    index('alarm_terminal_kind_idx').on(t.terminalId, t.kind, t.status),
    index('alarm_dept_idx').on(t.deptId, t.status),
    index('alarm_raised_idx').on(t.raisedAt, t.alarmId),
    index('alarm_status_raised_idx').on(t.status, t.raisedAt),
    // One open alarm per terminal, kind and loop, even when two gateway instances race (statuses 1-4 and 7 are open).
    uniqueIndex('alarm_one_open').on(t.terminalId, t.kind, sql`coalesce(${t.loop}, -1)`).where(sql`${t.clearedAt} is null and ${t.status} in (1, 2, 3, 4, 7)`),
  ],
);

/** Which user has read which alarm: the read counters. */
export const alarmReads = pgTable(
  'alarm_read',
  {
    alarmId: integer('alarm_id').notNull().references(() => alarms.alarmId, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.userId, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('alarm_read_pk').on(t.alarmId, t.userId)],
);

/** The device log kinds of spec §7 "Logs", written by the gateway as events happen. Range-partitioned by day on `created_at`. */
export const terminalLogs = pgTable(
  'terminal_log',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    terminalId: integer('terminal_id').notNull(),
    msg: varchar('msg', { length: 255 }).notNull().default(''),
    detail: jsonb('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'terminal_log_pkey', columns: [t.id, t.createdAt] }),
    index('terminal_log_kind_time_id').on(t.kind, t.createdAt, t.id),
    index('terminal_log_terminal').on(t.terminalId, t.createdAt),
    index('terminal_log_time').on(t.createdAt, t.id),
  ],
);

export const terminalStatusChanges = pgTable('terminal_status_change', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  terminalId: integer('terminal_id').notNull().references(() => terminals.terminalId, { onDelete: 'cascade' }),
  fromStatus: smallint('from_status').notNull(),
  toStatus: smallint('to_status').notNull(),
  reason: varchar('reason', { length: 255 }).notNull().default(''),
  userId: integer('user_id').references(() => users.userId, { onDelete: 'set null' }),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

export const terminalImages = pgTable('terminal_image', {
  id: serial('id').primaryKey(),
  terminalId: integer('terminal_id').notNull().references(() => terminals.terminalId, { onDelete: 'cascade' }),
  url: varchar('url', { length: 255 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A failed terminal swapped for a spare: the history stays with both. */
export const terminalRepairs = pgTable('terminal_repair', {
  id: serial('id').primaryKey(),
  terminalId: integer('terminal_id').notNull().references(() => terminals.terminalId, { onDelete: 'cascade' }),
  replacementId: integer('replacement_id').references(() => terminals.terminalId, { onDelete: 'set null' }),
  reason: varchar('reason', { length: 255 }).notNull().default(''),
  userId: integer('user_id').references(() => users.userId, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Hourly (`grain` 'h', the local hours of ROLLUP_TIME_ZONE) and daily ('d', its days) aggregates of a terminal's heartbeats (apps/server/src/fleet/rollups.ts).
 * They outlive the raw rows' retention. Energy keeps the bucket's first and last meter reading by time and when they
 * were read; `energy_used` is, for an hour, the meter's rises between its own readings, for a day the day's energy
 * (docs/energy.md). Burn hours keep the bucket's lowest and highest reading.
 */
export const heartbeatRollups = pgTable(
  'heartbeat_rollup',
  {
    terminalId: integer('terminal_id').notNull(),
    grain: char('grain', { length: 1 }).notNull(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    samples: integer('samples').notNull(),
    voltageMin: real('voltage_min'),
    voltageAvg: real('voltage_avg'),
    voltageMax: real('voltage_max'),
    currentMin: real('current_min'),
    currentAvg: real('current_avg'),
    currentMax: real('current_max'),
    powerAvg: real('power_avg'),
    powerMax: real('power_max'),
    energyFirst: doublePrecision('energy_first'),
    energyLast: doublePrecision('energy_last'),
    firstTs: timestamp('first_ts', { withTimezone: true }),
    lastTs: timestamp('last_ts', { withTimezone: true }),
    /** The bucket's last reading, with a meter value or not (0032): the statistics' tail starts after it. */
    seenTs: timestamp('seen_ts', { withTimezone: true }),
    energyUsed: doublePrecision('energy_used'),
    burnFirst: real('burn_first'),
    burnLast: real('burn_last'),
    availability: real('availability').notNull(),
    // Per phase, and the means the plots draw (0012_rollup_phases).
    voltageBMin: real('voltage_b_min'),
    voltageBAvg: real('voltage_b_avg'),
    voltageBMax: real('voltage_b_max'),
    voltageCMin: real('voltage_c_min'),
    voltageCAvg: real('voltage_c_avg'),
    voltageCMax: real('voltage_c_max'),
    currentAMin: real('current_a_min'),
    currentAAvg: real('current_a_avg'),
    currentAMax: real('current_a_max'),
    currentBMin: real('current_b_min'),
    currentBAvg: real('current_b_avg'),
    currentBMax: real('current_b_max'),
    currentCMin: real('current_c_min'),
    currentCAvg: real('current_c_avg'),
    currentCMax: real('current_c_max'),
    powerAAvg: real('power_a_avg'),
    powerAMax: real('power_a_max'),
    powerBAvg: real('power_b_avg'),
    powerBMax: real('power_b_max'),
    powerCAvg: real('power_c_avg'),
    powerCMax: real('power_c_max'),
    powerFactorAvg: real('power_factor_avg'),
    leakageAvg: real('leakage_avg'),
    dimAvg: real('dim_avg'),
    /** Share of the bucket's readings with the lamp (or any loop) on, 0-1. */
    onShare: real('on_share'),
    /** A daily row's local hours (bit h for hour h) whose mean power was light (0031_report_dept_days); null before it. */
    litHours: integer('lit_hours').default(0),
  },
  (t) => [primaryKey({ name: 'heartbeat_rollup_pkey', columns: [t.terminalId, t.grain, t.bucket] }), index('heartbeat_rollup_bucket').on(t.grain, t.bucket)],
);

/** Daily totals per department and family (days in ROLLUP_TIME_ZONE), summed from the daily rollups: the fleet-wide statistics read them. */
export const heartbeatRollupDepts = pgTable(
  'heartbeat_rollup_dept',
  {
    deptId: integer('dept_id').notNull(),
    family: varchar('family', { length: 8 }).notNull(),
    day: date('day').notNull(),
    terminals: integer('terminals').notNull(),
    samples: integer('samples').notNull(),
    energyKwh: doublePrecision('energy_kwh').notNull(),
    avgPowerKw: doublePrecision('avg_power_kw').notNull(),
    maxPowerKw: doublePrecision('max_power_kw').notNull(),
    // The energy report's sums (0031_report_dept_days; null on days rolled up before it): burning hours, their energy at
    // rated power, the terminals' availability summed, and per local hour 0–23 the terminals lit (reports/report-repository.ts).
    burnHours: doublePrecision('burn_hours'),
    fullKwh: doublePrecision('full_kwh'),
    availability: doublePrecision('availability'),
    litByHour: integer('lit_by_hour').array(),
  },
  (t) => [primaryKey({ name: 'heartbeat_rollup_dept_pkey', columns: [t.day, t.deptId, t.family] })],
);

/**
 * How far each gateway instance has read its share of the device traffic (gateway/read-progress.ts): the offline
 * sweep judges silence only up to the slowest instance, so a backlog, or a dead instance's queue on the broker,
 * is not read as silence.
 */
export const gatewayReadProgress = pgTable('gateway_read_progress', {
  /** The instance: its MQTT client id on an external broker. */
  readerId: varchar('reader_id', { length: 128 }).primaryKey(),
  /** What terminals sent before this was read and stored, by the instance's own measure. */
  caughtUpTo: timestamp('caught_up_to', { withTimezone: true }).notNull(),
  reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
  /** How long the broker keeps the instance's queue after it went silent (its session expiry). */
  holdMs: integer('hold_ms').notNull(),
});
