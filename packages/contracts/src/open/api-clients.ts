import { z } from 'zod';
import { id, requiredText } from '../api/fields.js';
import { OPEN_SCOPES, WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENTS, type OpenScope, type WebhookDeliveryState, type WebhookEventType } from './scopes.js';

export const API_CLIENT_RATE_MAX = 6000;

/** Creating an API client (the administrator): its department bounds everything it sees. */
export const apiClientAddBody = z.object({
  name: requiredText('name', 64),
  deptId: id('deptId'),
  scopes: z.array(z.enum(OPEN_SCOPES, { error: `scopes must be among ${OPEN_SCOPES.join(', ')}` })).min(1, 'scopes must name at least one scope').max(OPEN_SCOPES.length),
  rateLimitPerMinute: z.coerce.number({ error: 'rateLimitPerMinute must be a number' }).int('rateLimitPerMinute must be an integer').min(1, 'rateLimitPerMinute must be at least 1').max(API_CLIENT_RATE_MAX, `rateLimitPerMinute must be at most ${API_CLIENT_RATE_MAX}`).default(120),
});
export type ApiClientAddBody = z.infer<typeof apiClientAddBody>;

export const apiClientUpdateBody = apiClientAddBody.extend({ id: id('id'), enabled: z.boolean({ error: 'enabled must be true or false' }) });
export type ApiClientUpdateBody = z.infer<typeof apiClientUpdateBody>;

export interface ApiClient {
  id: number;
  clientId: string;
  name: string;
  deptId: number;
  deptName: string;
  scopes: OpenScope[];
  rateLimitPerMinute: number;
  enabled: boolean;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A new client or a new secret: the secret is shown this once and only its hash is kept. */
export interface ApiClientSecret {
  client: ApiClient;
  clientSecret: string;
}

const webhookUrl = z
  .string({ error: 'url must be a string' })
  .trim()
  .max(500, 'url must be at most 500 characters')
  .refine((v) => /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v), 'url must be an http or https address');

export const webhookAddBody = z.object({
  clientId: id('clientId'),
  url: webhookUrl,
  events: z.array(z.enum(WEBHOOK_EVENTS, { error: `events must be among ${WEBHOOK_EVENTS.join(', ')}` })).min(1, 'events must name at least one event').max(WEBHOOK_EVENTS.length),
});
export type WebhookAddBody = z.infer<typeof webhookAddBody>;

export interface WebhookSubscription {
  id: number;
  clientId: number;
  url: string;
  events: WebhookEventType[];
  enabled: boolean;
  createdAt: string;
}

/** A new subscription: its signing secret is shown this once. */
export interface WebhookSubscriptionCreated {
  subscription: WebhookSubscription;
  signingSecret: string;
}

export const webhookDeliveryQuery = z.object({
  pageIndex: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  clientId: id('clientId').optional(),
  state: z.enum(WEBHOOK_DELIVERY_STATES, { error: `state must be one of ${WEBHOOK_DELIVERY_STATES.join(', ')}` }).optional(),
});
export type WebhookDeliveryQuery = z.infer<typeof webhookDeliveryQuery>;

export interface WebhookDelivery {
  id: number;
  subscriptionId: number;
  clientName: string;
  url: string;
  eventId: string;
  eventType: WebhookEventType;
  state: WebhookDeliveryState;
  attempts: number;
  lastStatus: number | null;
  lastError: string;
  nextAttemptAt: string | null;
  createdAt: string;
  deliveredAt: string | null;
}
