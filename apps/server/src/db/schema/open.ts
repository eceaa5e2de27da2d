import { bigserial, boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { departments, users } from './system.js';

/** A system allowed into the open API (/api/open/v1): OAuth 2.0 client credentials, scopes and a department. */
export const apiClients = pgTable('open_client', {
  id: serial('id').primaryKey(),
  clientId: varchar('client_id', { length: 40 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
  /** Salted SHA-256 of a random 32-byte secret (open/clients/client-secret.ts). */
  secretHash: varchar('secret_hash', { length: 128 }).notNull(),
  deptId: integer('dept_id').notNull().references(() => departments.deptId, { onDelete: 'cascade' }),
  scopes: text('scopes').array().notNull(),
  rateLimitPerMinute: integer('rate_limit_per_minute').notNull().default(120),
  enabled: boolean('enabled').notNull().default(true),
  createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});

/** Access tokens handed out by the token endpoint: only their SHA-256 is kept. */
export const apiTokens = pgTable('open_token', {
  tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
  clientId: integer('client_id').notNull().references(() => apiClients.id, { onDelete: 'cascade' }),
  scopes: text('scopes').array().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [index('open_token_expires_idx').on(t.expiresAt)]);

/** A client's webhook: where to send which events, signed with `secret` (HMAC-SHA256). */
export const webhookSubscriptions = pgTable('webhook_subscription', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => apiClients.id, { onDelete: 'cascade' }),
  url: varchar('url', { length: 500 }).notNull(),
  events: text('events').array().notNull(),
  /** The signing key; kept as is since every delivery is signed with it (shown to the administrator once). */
  secret: varchar('secret', { length: 64 }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The durable queue and log of webhook deliveries: one row per event and subscription. */
export const webhookDeliveries = pgTable('webhook_delivery', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  subscriptionId: integer('subscription_id').notNull().references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
  eventId: varchar('event_id', { length: 40 }).notNull(),
  eventType: varchar('event_type', { length: 32 }).notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  state: varchar('state', { length: 12 }).notNull().default('pending'),
  attempts: smallint('attempts').notNull().default(0),
  lastStatus: integer('last_status'),
  lastError: varchar('last_error', { length: 255 }).notNull().default(''),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('webhook_delivery_event').on(t.subscriptionId, t.eventId),
  index('webhook_delivery_due_idx').on(t.state, t.nextAttemptAt),
  index('webhook_delivery_created_idx').on(t.createdAt),
]);
