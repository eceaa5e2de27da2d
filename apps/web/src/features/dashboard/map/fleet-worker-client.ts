import type { MapChange } from '@sl/contracts';
import type { ViewFeature } from './cluster-index';
import type { FleetColumns, Projection } from './fleet-clusters';
import type { FleetModel, MapFilters } from './fleet-model';
import type { WorkerAnswer, WorkerRequest } from './fleet-worker-protocol';

/** What the map controller asks for: the items of a view, from the worker or (in tests) in the page. */
export interface ClusterSource {
  view(bounds: [number, number, number, number], zoom: number): Promise<ViewFeature[]>;
}

type Pending = { resolve: (a: WorkerAnswer) => void; reject: (e: Error) => void };

const startWorker = () => new Worker(new URL('./fleet-worker.ts', import.meta.url), { type: 'module' });
let spare: Worker | undefined;

/**
 * Starts the map's worker before the fleet arrives, so its script is loaded and compiled while the positions call
 * runs; the next client takes it. Does nothing where there are no workers (tests) or one is already waiting.
 */
export function prestartFleetWorker() {
  if (!spare && typeof Worker !== 'undefined') spare = startWorker();
}

/**
 * The page's handle on the map's worker: hands it copies of the fleet's columns as transferable buffers (the page
 * keeps its own for the counters and popups), then asks for indexes, views and passes on deltas. Requests are
 * answered in order.
 */
export class FleetWorkerClient implements ClusterSource {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private seq = 0;

  constructor(model: FleetModel) {
    this.worker = spare ?? startWorker();
    spare = undefined;
    const f = model.fleet;
    const columns: FleetColumns = { ids: f.ids.slice(), lng: f.lng.slice(), lat: f.lat.slice(), dept: f.dept.slice(), state: f.state.slice(), model: f.model.slice(), family: f.family.slice(), flags: f.flags.slice() };
    this.worker.onmessage = (e: MessageEvent<WorkerAnswer>) => {
      const p = this.pending.get(e.data.seq);
      this.pending.delete(e.data.seq);
      if (e.data.type === 'error') p?.reject(new Error(e.data.message));
      else p?.resolve(e.data);
    };
    this.post({ type: 'load', columns }, Object.values(columns).map((c: ArrayBufferView) => c.buffer as ArrayBuffer));
    performance.mark('map:worker-started');
  }

  private post(message: WorkerRequest, transfer: Transferable[] = []) {
    this.worker.postMessage(message, transfer);
  }

  private ask<T extends WorkerAnswer['type']>(message: WorkerRequest & { seq: number }): Promise<Extract<WorkerAnswer, { type: T }>> {
    return new Promise((resolve, reject) => {
      this.pending.set(message.seq, { resolve: resolve as (a: WorkerAnswer) => void, reject });
      this.post(message);
    });
  }

  /** Indexes the terminals the filters select; answers how many are drawn. */
  async build(filters: MapFilters, projection: Projection): Promise<number> {
    return (await this.ask<'built'>({ type: 'build', seq: ++this.seq, filters, projection })).points;
  }

  async view(bounds: [number, number, number, number], zoom: number): Promise<ViewFeature[]> {
    return (await this.ask<'view'>({ type: 'view', seq: ++this.seq, bounds, zoom })).features;
  }

  delta(changes: MapChange[]) {
    this.post({ type: 'delta', changes });
  }

  terminate() {
    this.worker.terminate();
    for (const p of this.pending.values()) p.reject(new Error('map worker closed'));
    this.pending.clear();
  }
}
