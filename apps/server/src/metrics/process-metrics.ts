import { collectDefaultMetrics, Registry } from 'prom-client';

let shared: Registry | undefined;

/**
 * prom-client's process metrics (CPU, memory, event-loop lag, GC, handles), collected once per
 * process: each one starts a monitor, and every app's registry shows the same objects.
 */
export function processMetrics(): Registry {
  if (!shared) {
    shared = new Registry();
    collectDefaultMetrics({ register: shared });
  }
  return shared;
}
