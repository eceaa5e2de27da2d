import { and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { WebhookDeliveryQuery } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { paginate } from '../../db/paging.js';
import { apiClients, departments, terminals, webhookDeliveries, webhookSubscriptions } from '../../db/schema/index.js';

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type SubscriptionRow = typeof webhookSubscriptions.$inferSelect;
/** An enabled subscription of an enabled client, with the client's department path (who may hear what). */
export interface ActiveSubscription {
  id: number;
  events: string[];
  deptId: number;
  deptPath: string;
}

/** Webhook subscriptions and the durable queue of their deliveries. */
export class WebhookRepository {
  constructor(private readonly db: Db) {}

  subscriptions(clientId: number) {
    return this.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.clientId, clientId)).orderBy(webhookSubscriptions.id);
  }

  async countOf(clientId: number): Promise<number> {
    return (await this.db.select({ n: count() }).from(webhookSubscriptions).where(eq(webhookSubscriptions.clientId, clientId)))[0].n;
  }

  async clientExists(clientId: number): Promise<boolean> {
    return (await this.db.select({ id: apiClients.id }).from(apiClients).where(eq(apiClients.id, clientId))).length > 0;
  }

  async insertSubscription(values: typeof webhookSubscriptions.$inferInsert): Promise<SubscriptionRow> {
    return (await this.db.insert(webhookSubscriptions).values(values).returning())[0];
  }

  async removeSubscription(id: number): Promise<boolean> {
    return (await this.db.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, id)).returning({ id: webhookSubscriptions.id })).length > 0;
  }

  active(): Promise<ActiveSubscription[]> {
    return this.db
      .select({ id: webhookSubscriptions.id, events: webhookSubscriptions.events, deptId: apiClients.deptId, deptPath: departments.deptPath })
      .from(webhookSubscriptions)
      .innerJoin(apiClients, eq(apiClients.id, webhookSubscriptions.clientId))
      .innerJoin(departments, eq(departments.deptId, apiClients.deptId))
      .where(and(eq(webhookSubscriptions.enabled, true), eq(apiClients.enabled, true)));
  }

  /** The department path of `deptId`, to tell which clients' departments lie above it. */
  async deptPath(deptId: number): Promise<string | undefined> {
    return (await this.db.select({ path: departments.deptPath }).from(departments).where(eq(departments.deptId, deptId)))[0]?.path;
  }

  /** The department of a terminal (null without one), for events that name only the terminal. */
  async terminalDept(terminalId: number): Promise<number | null> {
    return (await this.db.select({ deptId: terminals.deptId }).from(terminals).where(eq(terminals.terminalId, terminalId)))[0]?.deptId ?? null;
  }

  /** Queues one delivery per subscription; an event already queued for a subscription is not queued twice. */
  async enqueue(rows: Array<typeof webhookDeliveries.$inferInsert>): Promise<void> {
    if (rows.length) await this.db.insert(webhookDeliveries).values(rows).onConflictDoNothing();
  }

  /**
   * Claims pending deliveries whose attempt is due by moving their next attempt to `leaseUntil`, skipping rows another
   * instance is claiming, so each attempt is made once; one never settled (the instance died) is due again after the lease.
   */
  due(now: Date, leaseUntil: Date, limit: number) {
    const claimable = this.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.state, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)))
      .orderBy(webhookDeliveries.nextAttemptAt, webhookDeliveries.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: leaseUntil })
      .where(inArray(webhookDeliveries.id, claimable))
      .returning();
  }

  async target(subscriptionId: number): Promise<Pick<SubscriptionRow, 'url' | 'secret' | 'enabled'> | undefined> {
    return (await this.db.select({ url: webhookSubscriptions.url, secret: webhookSubscriptions.secret, enabled: webhookSubscriptions.enabled }).from(webhookSubscriptions).where(eq(webhookSubscriptions.id, subscriptionId)))[0];
  }

  async settle(id: number, patch: Partial<typeof webhookDeliveries.$inferInsert>): Promise<void> {
    await this.db.update(webhookDeliveries).set(patch).where(eq(webhookDeliveries.id, id));
  }

  page(q: WebhookDeliveryQuery) {
    const where = and(q.clientId ? eq(webhookSubscriptions.clientId, q.clientId) : undefined, q.state ? eq(webhookDeliveries.state, q.state) : undefined);
    return paginate(
      q,
      (limit, offset) =>
        this.db
          .select({ delivery: webhookDeliveries, url: webhookSubscriptions.url, clientName: sql<string>`${apiClients.name}` })
          .from(webhookDeliveries)
          .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
          .innerJoin(apiClients, eq(apiClients.id, webhookSubscriptions.clientId))
          .where(where)
          .orderBy(desc(webhookDeliveries.id))
          .limit(limit)
          .offset(offset),
      async () =>
        (await this.db.select({ n: count() }).from(webhookDeliveries).innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId)).where(where))[0].n,
    );
  }
}
