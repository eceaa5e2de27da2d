import type { ReadingNotice } from '../../gateway/ports.js';
import type { ScheduledJob } from '../../scheduler/scheduled-job.js';
import type { Services } from '../../services.js';
import { lampEvent } from './webhook-events.js';
import { WebhookRepository } from './webhook-repository.js';
import { WebhookService, type Transport } from './webhook-service.js';

export { alarmEvent, citizenReportEvent, workOrderEvent } from './webhook-events.js';
export type { WebhookService } from './webhook-service.js';

const domains = new WeakMap<Services, WebhookService>();
/** How often the queue is looked at (the scheduler ticks at most every 5 s). */
const DELIVER_EVERY_MS = 2_000;

/**
 * The app's webhooks, built once. Publishers call `webhookDomain(services).enqueue(event)`: one call, so the typed
 * event bus can take it over. `transport` replaces HTTP (tests).
 */
export function webhookDomain(services: Services, transport?: Transport): WebhookService {
  let w = domains.get(services);
  if (!w) domains.set(services, (w = new WebhookService(new WebhookRepository(services.db), services.push.log, transport)));
  return w;
}

/** `webhooks.deliver`: the one scheduler runs it on one instance at a time; each due delivery is claimed before it is attempted. */
export function webhookJob(services: Services): ScheduledJob {
  return {
    name: 'webhooks.deliver',
    everyMs: DELIVER_EVERY_MS,
    run: async ({ now, signal }) => void (await webhookDomain(services).deliverDue(now, signal)),
  };
}

/**
 * Turns the gateway's readings into `lamp.stateChanged` events: only a change of a terminal's lit state counts, and the
 * first reading after a start only sets what is known. Returns the function that stops it.
 */
export function followLampStates(services: Services): () => void {
  const lit = new Map<number, boolean>();
  const onReading = (n: ReadingNotice) => {
    const before = lit.get(n.terminalId);
    lit.set(n.terminalId, n.lit);
    if (before === undefined || before === n.lit) return;
    const webhooks = webhookDomain(services);
    void webhooks.terminalDept(n.terminalId).then((deptId) => webhooks.enqueue(lampEvent(n.terminalId, deptId, n.lit)), () => undefined);
  };
  return services.events.on('reading.stored', onReading);
}
