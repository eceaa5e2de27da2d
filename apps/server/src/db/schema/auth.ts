import { bigserial, char, index, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { MessageParams } from '@sl/contracts';

/** One-time captcha answers; kept in the database so any instance can check them. */
export const captchas = pgTable('sys_captcha', {
  id: varchar('id', { length: 64 }).primaryKey(),
  answer: varchar('answer', { length: 16 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Short-lived one-time values (QR sign-in states, codes, access tokens), shared by every instance. */
export const expiringEntries = pgTable(
  'sys_expiring_entry',
  {
    scope: varchar('scope', { length: 16 }).notNull(),
    key: varchar('key', { length: 128 }).notNull(),
    value: varchar('value', { length: 256 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'sys_expiring_entry_pk', columns: [t.scope, t.key] }), index('sys_expiring_entry_expires_idx').on(t.expiresAt)],
);

/** Token ids ended by log-out or refresh, until their natural expiry. */
export const revokedTokens = pgTable('sys_revoked_token', {
  jti: varchar('jti', { length: 64 }).primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Failed password attempts per key (an account, an account from one address, or an address), in
 * fixed windows; a key that reaches its limit is locked until `locked_until`. Shared by every
 * instance and kept across restarts.
 */
export const authThrottle = pgTable('sys_auth_throttle', {
  key: varchar('key', { length: 160 }).primaryKey(),
  failures: integer('failures').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** When the row no longer matters (window over and lock ended); rows past it are purged. */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [index('sys_auth_throttle_expires_idx').on(t.expiresAt)]);

export const loginLogs = pgTable(
  'sys_login_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id'),
    username: varchar('username', { length: 64 }).notNull(),
    status: char('status', { length: 1 }).notNull(),
    ipaddr: varchar('ipaddr', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 255 }).notNull().default(''),
    /** The English text; the list shows `msgKey` (a catalogue key) with `msgParams` in the reader's language when set. */
    msg: varchar('msg', { length: 255 }).notNull().default(''),
    msgKey: varchar('msg_key', { length: 64 }),
    msgParams: jsonb('msg_params').$type<MessageParams>(),
    loginTime: timestamp('login_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sys_login_log_time_idx').on(t.loginTime)],
);

export const operLogs = pgTable(
  'sys_oper_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id'),
    username: varchar('username', { length: 64 }).notNull().default(''),
    title: varchar('title', { length: 128 }).notNull().default(''),
    method: varchar('method', { length: 8 }).notNull(),
    url: varchar('url', { length: 255 }).notNull(),
    ipaddr: varchar('ipaddr', { length: 64 }).notNull().default(''),
    httpStatus: integer('http_status').notNull(),
    resultCode: integer('result_code').notNull(),
    msg: varchar('msg', { length: 255 }).notNull().default(''),
    /** The reply's catalogue key and parameters: the list words them in the reader's language; null on older rows. */
    msgKey: varchar('msg_key', { length: 64 }),
    msgParams: jsonb('msg_params').$type<MessageParams>(),
    durationMs: integer('duration_ms').notNull().default(0),
    operTime: timestamp('oper_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sys_oper_log_time_idx').on(t.operTime)],
);
