import type { Db } from '../../db/client.js';
import type { DomainEventBus } from '../../events/domain-events.js';
import type { ReadingNotice } from '../../gateway/ports.js';
import type { ScheduledJob } from '../../scheduler/scheduled-job.js';
import { lampEvent } from './webhook-events.js';
import { WebhookRepository } from './webhook-repository.js';
import { WebhookService, type WebhookLog } from './webhook-service.js';

export { alarmEvent, citizenReportEvent, workOrderEvent } from './webhook-events.js';
export type { WebhookService } from './webhook-service.js';

/** How often the queue is looked at (the scheduler ticks at most every 5 s). */
const DELIVER_EVERY_MS = 2_000;

/** The app's webhooks, built once by services.ts: publishers call `services.webhooks.enqueue(event)`. */
export function createWebhookService(db: Db, log: WebhookLog): WebhookService {
  return new WebhookService(new WebhookRepository(db), log);
}

/** `webhooks.deliver`: the one scheduler runs it on one instance at a time; each due delivery is claimed before it is attempted. */
export function webhookJob(webhooks: WebhookService): ScheduledJob {
  return {
    name: 'webhooks.deliver',
    everyMs: DELIVER_EVERY_MS,
    run: async ({ now, signal }) => void (await webhooks.deliverDue(now, signal)),
  };
}

/**
 * Turns the gateway's readings into `lamp.stateChanged` events: only a change of a terminal's lit state counts, and the
 * first reading after a start only sets what is known. Returns the function that stops it.
 */
export function followLampStates(events: DomainEventBus, webhooks: WebhookService): () => void {
  const lit = new Map<number, boolean>();
  const onReading = (n: ReadingNotice) => {
    const before = lit.get(n.terminalId);
    lit.set(n.terminalId, n.lit);
    if (before === undefined || before === n.lit) return;
    void webhooks.terminalDept(n.terminalId).then((deptId) => webhooks.enqueue(lampEvent(n.terminalId, deptId, n.lit)), () => undefined);
  };
  return events.on('reading.stored', onReading);
}
