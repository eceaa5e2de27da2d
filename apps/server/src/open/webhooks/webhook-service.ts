import { randomBytes, randomUUID } from 'node:crypto';
import {
  idParams, WEBHOOK_HEADERS, type PageResult, type WebhookAddBody, type WebhookDelivery, type WebhookDeliveryQuery, type WebhookDeliveryState,
  type WebhookEvent, type WebhookEventInput, type WebhookEventType, type WebhookSubscription, type WebhookSubscriptionCreated,
} from '@sl/contracts';
import { BriefCache } from '../../db/brief-cache.js';
import { badRequest, notFound, text } from '../../http/errors.js';
import type { ActiveSubscription, DeliveryRow, SubscriptionRow, WebhookRepository } from './webhook-repository.js';
import { signWebhook } from './webhook-signature.js';

/** Attempts before a delivery is given up, and the wait after each failed one (doubling from 10 s, at most an hour). */
export const WEBHOOK_MAX_ATTEMPTS = 12;
export const webhookBackoffMs = (attempt: number) => Math.min(10_000 * 2 ** (attempt - 1), 3_600_000);
/** A receiver has this long to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Subscriptions one client may hold. */
export const WEBHOOK_MAX_PER_CLIENT = 10;
const BATCH = 20;
/** Longer than a batch of attempts at their time-out, so a claimed delivery is never attempted twice at once. */
const LEASE_MS = BATCH * WEBHOOK_TIMEOUT_MS + 60_000;

export interface WebhookLog {
  error(obj: unknown, msg?: string): void;
}

export interface Transport {
  /** Posts the body; answers the HTTP status, or throws when there is no answer. */
  post(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<number>;
}

export const fetchTransport: Transport = {
  async post(url, body, headers, timeoutMs) {
    const res = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers }, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    await res.body?.cancel();
    return res.status;
  },
};

const toSubscription = (r: SubscriptionRow): WebhookSubscription => ({
  id: r.id, clientId: r.clientId, url: r.url, events: r.events as WebhookEventType[], enabled: r.enabled, createdAt: r.createdAt.toISOString(),
});

/** Whether a client of the subscription's department may hear of an event in `path` (its department or below). */
const covers = (s: ActiveSubscription, path: string | undefined) => (path === undefined ? /^\/0\/\d+$/.test(s.deptPath) : path === s.deptPath || path.startsWith(`${s.deptPath}/`));

/**
 * Webhooks: events are queued per matching subscription (a table, so nothing is lost in a restart) and delivered by
 * the scheduler's `webhooks.deliver` job, signed, retried with backoff until the receiver answers 2xx.
 */
export class WebhookService {
  private readonly subscribed = new BriefCache<'all', ActiveSubscription[]>(5_000);
  private readonly paths = new BriefCache<number, string | undefined>(60_000);

  constructor(
    private readonly repo: WebhookRepository,
    private readonly log: WebhookLog,
    private readonly transport: Transport = fetchTransport,
  ) {}

  /** The one call publishers make: queues the event for every subscription that wants it. Never throws. */
  enqueue(input: WebhookEventInput): void {
    void this.queue(input).catch((err: unknown) => this.log.error({ err, type: input.type }, 'webhook event not queued'));
  }

  /** `enqueue`, awaitable (tests, and publishers that want to know). */
  async queue(input: WebhookEventInput): Promise<WebhookEvent | undefined> {
    const subs = (await this.subscribed.get('all', () => this.repo.active())).filter((s) => s.events.includes(input.type));
    if (!subs.length) return undefined;
    const event: WebhookEvent = { id: input.id ?? randomUUID(), type: input.type, occurredAt: input.occurredAt ?? new Date().toISOString(), deptId: input.deptId, data: input.data };
    const path = event.deptId === null ? undefined : await this.paths.get(event.deptId, (id) => this.repo.deptPath(id));
    if (event.deptId !== null && path === undefined) return undefined;
    const now = new Date();
    await this.repo.enqueue(subs.filter((s) => covers(s, path)).map((s) => ({ subscriptionId: s.id, eventId: event.id, eventType: event.type, payload: event, nextAttemptAt: now })));
    return event;
  }

  /** Where a terminal's event belongs. */
  terminalDept(terminalId: number) {
    return this.repo.terminalDept(terminalId);
  }

  /** Claims the due deliveries a batch at a time and attempts each (the scheduler's job); answers how many were attempted. */
  async deliverDue(now = new Date(), signal?: AbortSignal): Promise<number> {
    for (let total = 0; ; ) {
      const due = await this.repo.due(now, new Date(now.getTime() + LEASE_MS), BATCH);
      await Promise.all(due.map((d) => this.attempt(d, now)));
      total += due.length;
      if (due.length < BATCH || signal?.aborted) return total;
    }
  }

  private async attempt(d: DeliveryRow, now: Date): Promise<void> {
    const attempts = d.attempts + 1;
    const target = await this.repo.target(d.subscriptionId);
    if (!target?.enabled) return this.repo.settle(d.id, { state: 'failed', attempts, nextAttemptAt: null, lastError: 'subscription disabled' });
    const body = JSON.stringify(d.payload);
    let status: number | null = null;
    let error = '';
    try {
      status = await this.transport.post(target.url, body, {
        [WEBHOOK_HEADERS.signature]: signWebhook(target.secret, body, Math.floor(now.getTime() / 1000)),
        [WEBHOOK_HEADERS.event]: d.eventType,
        [WEBHOOK_HEADERS.delivery]: d.eventId,
      }, WEBHOOK_TIMEOUT_MS);
      if (status < 200 || status > 299) error = `HTTP ${status}`;
    } catch (err) {
      error = String((err as { cause?: { code?: string } }).cause?.code ?? (err instanceof Error ? err.message : err)).slice(0, 255);
    }
    if (!error) return this.repo.settle(d.id, { state: 'delivered', attempts, lastStatus: status, lastError: '', nextAttemptAt: null, deliveredAt: now });
    const state: WebhookDeliveryState = attempts >= WEBHOOK_MAX_ATTEMPTS ? 'failed' : 'pending';
    await this.repo.settle(d.id, { state, attempts, lastStatus: status, lastError: error, nextAttemptAt: state === 'failed' ? null : new Date(now.getTime() + webhookBackoffMs(attempts)) });
  }

  async subscriptions(clientId: number): Promise<WebhookSubscription[]> {
    return (await this.repo.subscriptions(clientId)).map(toSubscription);
  }

  async subscribe(body: WebhookAddBody): Promise<WebhookSubscriptionCreated> {
    if (!(await this.repo.clientExists(body.clientId))) throw notFound(text('open.clientNotFound', idParams(body.clientId)));
    if ((await this.repo.countOf(body.clientId)) >= WEBHOOK_MAX_PER_CLIENT) throw badRequest(text('open.webhookLimit', { max: WEBHOOK_MAX_PER_CLIENT }));
    const signingSecret = randomBytes(32).toString('base64url');
    const row = await this.repo.insertSubscription({ clientId: body.clientId, url: body.url, events: [...new Set(body.events)], secret: signingSecret });
    this.subscribed.forget();
    return { subscription: toSubscription(row), signingSecret };
  }

  async unsubscribe(id: number): Promise<void> {
    if (!(await this.repo.removeSubscription(id))) throw notFound(text('open.webhookNotFound', idParams(id)));
    this.subscribed.forget();
  }

  /** Forgets the cached subscriptions (after a client changed). */
  forget(): void {
    this.subscribed.forget();
  }

  async deliveries(q: WebhookDeliveryQuery): Promise<PageResult<WebhookDelivery>> {
    const page = await this.repo.page(q);
    return {
      ...page,
      list: page.list.map(({ delivery: d, url, clientName }) => ({
        id: d.id, subscriptionId: d.subscriptionId, clientName, url, eventId: d.eventId, eventType: d.eventType as WebhookEventType,
        state: d.state as WebhookDeliveryState, attempts: d.attempts, lastStatus: d.lastStatus, lastError: d.lastError,
        nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null, createdAt: d.createdAt.toISOString(), deliveredAt: d.deliveredAt?.toISOString() ?? null,
      })),
    };
  }
}
