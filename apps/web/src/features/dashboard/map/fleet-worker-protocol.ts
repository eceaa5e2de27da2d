import type { MapChange } from '@sl/contracts';
import type { ViewFeature } from './cluster-index';
import type { FleetColumns, Projection } from './fleet-clusters';
import type { MapFilters } from './fleet-model';

/** Messages from the page to the map's worker. */
export type WorkerRequest =
  | { type: 'load'; columns: FleetColumns }
  | { type: 'build'; seq: number; filters: MapFilters; projection: Projection }
  | { type: 'view'; seq: number; bounds: [number, number, number, number]; zoom: number }
  | { type: 'delta'; changes: MapChange[] };

/** Answers of the worker, by the request's seq. */
export type WorkerAnswer =
  | { type: 'built'; seq: number; points: number }
  | { type: 'view'; seq: number; features: ViewFeature[] }
  | { type: 'error'; seq: number; message: string };
