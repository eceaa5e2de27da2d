import { z } from 'zod';

/** What an API client may do: read the fleet, its readings and alarms, and command lamps (docs/open-api.md). */
export const OPEN_SCOPES = ['fleet:read', 'readings:read', 'alarms:read', 'lamps:command'] as const;
export type OpenScope = (typeof OPEN_SCOPES)[number];

/** The events a webhook subscription may ask for. */
export const WEBHOOK_EVENTS = ['alarm.raised', 'alarm.changed', 'alarm.cleared', 'lamp.stateChanged', 'workOrder.changed', 'citizenReport.created'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** Delivery states of one event to one subscription. */
export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** Header names of a webhook delivery; the signature is `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const WEBHOOK_HEADERS = { signature: 'x-sl-signature', event: 'x-sl-event', delivery: 'x-sl-delivery' } as const;

/**
 * One event as a webhook receiver gets it (the JSON body). `id` is unique per event: a receiver that sees the same
 * id twice (a retry after a lost answer) has seen it already.
 */
export const webhookEvent = z.object({
  id: z.string(),
  type: z.enum(WEBHOOK_EVENTS),
  occurredAt: z.string(),
  deptId: z.number().int().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEvent = z.infer<typeof webhookEvent>;

/** What a publisher hands to `webhooks.enqueue`: the event without its id and time (both are added). */
export type WebhookEventInput = Omit<WebhookEvent, 'id' | 'occurredAt'> & { id?: string; occurredAt?: string };
