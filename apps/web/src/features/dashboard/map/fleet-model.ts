import { MapFlag, MapState, type DecodedMapFleet, type MapChange } from '@sl/contracts';

/** What the operator narrows the map to; undefined or empty means all. */
export interface MapFilters {
  family?: number;
  model?: number;
  deptId?: number;
  states: number[];
}
export const NO_FILTERS: MapFilters = { states: [] };

export interface FleetCounters {
  total: number;
  online: number;
  offline: number;
  alarm: number;
  lit: number;
}

export interface LampProperties {
  /** MapState code. */
  s: number;
  /** Model: 1 cabinet, 2 single lamp. */
  m: number;
}
export type LampFeature = GeoJSON.Feature<GeoJSON.Point, LampProperties>;
/** Positions as drawn: WGS-84 as stored, or converted for a provider that draws in GCJ-02. */
export type Projector = (lng: number, lat: number) => [number, number];

/** How a batch of deltas changes the drawn features: the map applies it with one updateData. */
export interface FeatureDiff {
  add: LampFeature[];
  remove: number[];
  update: Array<{ id: number; s: number }>;
}

/**
 * The fleet in the console: the decoded columns, kept current by the map deltas. Features are built from it
 * once per filter; a delta changes single entries and answers the diff to draw, never a rebuilt fleet.
 */
export class FleetModel {
  private byId?: Map<number, number>;

  constructor(readonly fleet: DecodedMapFleet) {}

  /** Terminal id → fleet index, built on first use (deltas, popups): not on the way to the first render. */
  get index(): ReadonlyMap<number, number> {
    if (!this.byId) {
      const byId = new Map<number, number>();
      this.fleet.ids.forEach((id, i) => byId.set(id, i));
      this.byId = byId;
    }
    return this.byId;
  }

  get size() {
    return this.fleet.ids.length;
  }

  positioned(i: number) {
    return !Number.isNaN(this.fleet.lng[i]);
  }

  /** Whether terminal i passes the filters, position aside. */
  selected(i: number, f: MapFilters) {
    const d = this.fleet;
    return (
      (f.family === undefined || d.family[i] === f.family) &&
      (f.model === undefined || d.model[i] === f.model) &&
      (f.deptId === undefined || d.dept[i] === f.deptId) &&
      (f.states.length === 0 || f.states.includes(d.state[i]))
    );
  }

  /** Whether terminal i is drawn under the filters. */
  matches(i: number, f: MapFilters) {
    return this.positioned(i) && this.selected(i, f);
  }

  feature(i: number, project: Projector): LampFeature {
    const d = this.fleet;
    return { type: 'Feature', id: d.ids[i], geometry: { type: 'Point', coordinates: project(d.lng[i], d.lat[i]) }, properties: { s: d.state[i], m: d.model[i] } };
  }

  /** Applies state changes; answers what the drawn features (under these filters) must do. Unknown ids are ignored. */
  apply(changes: MapChange[], f: MapFilters, project: Projector): FeatureDiff {
    const diff: FeatureDiff = { add: [], remove: [], update: [] };
    for (const [id, state, flags] of changes) {
      const i = this.index.get(id);
      if (i === undefined) continue;
      if (flags !== undefined) this.fleet.flags[i] = flags;
      if (this.fleet.state[i] === state) continue;
      const was = this.matches(i, f);
      this.fleet.state[i] = state;
      const is = this.matches(i, f);
      if (was && is) diff.update.push({ id, s: state });
      else if (is) diff.add.push(this.feature(i, project));
      else if (was) diff.remove.push(id);
    }
    return diff;
  }

  /**
   * Counters over the terminals matching the filters (positioned or not), from the flags the state hides: an offline
   * lamp counts offline whatever other alarm it has; lit is measured light (online lamps only), in alarm or not.
   */
  counters(f: MapFilters): FleetCounters {
    const c: FleetCounters = { total: 0, online: 0, offline: 0, alarm: 0, lit: 0 };
    for (let i = 0; i < this.size; i++) {
      if (!this.selected(i, f)) continue;
      const flags = this.fleet.flags[i];
      c.total++;
      if (flags & MapFlag.offline) c.offline++;
      else {
        c.online++;
        if (flags & MapFlag.lit) c.lit++;
      }
      if (this.fleet.state[i] === MapState.alarm) c.alarm++;
    }
    return c;
  }

  /** The bounds of the positioned terminals, [west, south, east, north], or undefined when none has a position. */
  bounds(project: Projector): [number, number, number, number] | undefined {
    let w = Infinity, s = Infinity, e = -Infinity, n = -Infinity;
    for (let i = 0; i < this.size; i++) {
      if (!this.positioned(i)) continue;
      const [x, y] = project(this.fleet.lng[i], this.fleet.lat[i]);
      w = Math.min(w, x); e = Math.max(e, x); s = Math.min(s, y); n = Math.max(n, y);
    }
    return w === Infinity ? undefined : [w, s, e, n];
  }
}
