/// <reference lib="webworker" />
import { FleetClusters } from './fleet-clusters';
import type { WorkerAnswer, WorkerRequest } from './fleet-worker-protocol';

// The map's own worker: clusters the fleet off the page's thread and answers the items of one view at a time.
let clusters: FleetClusters | undefined;

const answer = (message: WorkerAnswer) => (self as DedicatedWorkerGlobalScope).postMessage(message);

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const m = event.data;
  try {
    switch (m.type) {
      case 'load':
        clusters = new FleetClusters(m.columns);
        break;
      case 'build':
        answer({ type: 'built', seq: m.seq, points: clusters!.build(m.filters, m.projection) });
        break;
      case 'view':
        answer({ type: 'view', seq: m.seq, features: clusters!.view(m.bounds, m.zoom) });
        break;
      case 'delta':
        clusters?.apply(m.changes);
        break;
    }
  } catch (err) {
    if ('seq' in m) answer({ type: 'error', seq: m.seq, message: err instanceof Error ? err.message : String(err) });
    else console.error('map worker', err);
  }
};
