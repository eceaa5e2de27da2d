import type { DecodedMapFleet, MapChange } from '@sl/contracts';
import { ClusterIndex, type ViewFeature } from './cluster-index';
import { FleetModel, type MapFilters } from './fleet-model';
import { wgs84ToGcj02 } from './gcj02';

/** How positions are drawn: as stored (WGS-84) or converted for a provider that draws in GCJ-02. */
export type Projection = 'wgs84' | 'gcj02';

/** The fleet's columns as the worker receives them (transferred, never cloned object by object). */
export type FleetColumns = Omit<DecodedMapFleet, 'depts'>;

/**
 * The worker's side of the map: its own copy of the fleet, the cluster index of the terminals the filters select,
 * the items of one view, and deltas applied to both. A delta that moves a lamp in or out of the filters rebuilds
 * the index before the next view; any other moves the lamp between states on every level.
 */
export class FleetClusters {
  private readonly model: FleetModel;
  private filters: MapFilters = { states: [] };
  private projection: Projection = 'wgs84';
  private drawn?: { lng: Float64Array; lat: Float64Array };
  private index?: ClusterIndex;
  private stale = true;

  constructor(columns: FleetColumns) {
    this.model = new FleetModel({ ...columns, depts: [] });
  }

  /** Indexes the terminals the filters select, positioned as the projection draws them; answers how many. */
  build(filters: MapFilters, projection: Projection): number {
    if (projection !== this.projection || !this.drawn) this.drawn = undefined;
    this.filters = filters;
    this.projection = projection;
    this.stale = true;
    return this.current().size;
  }

  private current(): ClusterIndex {
    if (this.index && !this.stale) return this.index;
    const { fleet } = this.model;
    this.drawn ??= this.projection === 'wgs84' ? { lng: fleet.lng, lat: fleet.lat } : project(fleet.lng, fleet.lat);
    const points = new Int32Array(this.model.size);
    let n = 0;
    for (let i = 0; i < this.model.size; i++) if (this.model.matches(i, this.filters)) points[n++] = i;
    this.index = new ClusterIndex({ ids: fleet.ids, lng: this.drawn.lng, lat: this.drawn.lat, state: fleet.state, model: fleet.model }, points.subarray(0, n));
    this.stale = false;
    return this.index;
  }

  /** The clusters and lamps of one zoom level within the bounds (degrees, as drawn). */
  view(bounds: [number, number, number, number], zoom: number): ViewFeature[] {
    return this.current().view(bounds, zoom);
  }

  apply(changes: MapChange[]) {
    const diff = this.model.apply(changes, this.filters, (lng, lat) => [lng, lat]);
    if (diff.add.length + diff.remove.length > 0) this.stale = true;
    if (this.stale) return;
    for (const { id, s } of diff.update) this.index?.setState(this.model.index.get(id)!, s);
  }
}

function project(lng: Float64Array, lat: Float64Array) {
  const out = { lng: new Float64Array(lng.length), lat: new Float64Array(lat.length) };
  for (let i = 0; i < lng.length; i++) {
    if (Number.isNaN(lng[i])) {
      out.lng[i] = out.lat[i] = Number.NaN;
      continue;
    }
    [out.lng[i], out.lat[i]] = wgs84ToGcj02(lng[i], lat[i]);
  }
  return out;
}
