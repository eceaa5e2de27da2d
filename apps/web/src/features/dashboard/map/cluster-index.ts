import KDBush from 'kdbush';
import { MAP_STATES } from '@sl/contracts';

/** Cluster radius in pixels of a 512-pixel tile (MapLibre's zoom scale). */
export const CLUSTER_RADIUS = 50;
/** Clusters form up to this zoom; above it every lamp stands alone. */
export const CLUSTER_MAX_ZOOM = 14;
/** The level of single lamps. */
export const POINT_LEVEL = CLUSTER_MAX_ZOOM + 1;
const STATES = MAP_STATES.length;

/** The columns the index reads, by fleet index: drawn positions (degrees), state, model and terminal id. */
export interface ClusterColumns {
  ids: Int32Array;
  lng: Float64Array;
  lat: Float64Array;
  state: Uint8Array;
  model: Uint8Array;
}

export interface ClusterProperties {
  cluster: true;
  /** Unique among the clusters of one index. */
  cluster_id: number;
  point_count: number;
  point_count_abbreviated: string;
  /** The worst state inside (highest MapState code). */
  w: number;
  /** The zoom at which the cluster splits. */
  e: number;
}
export type ViewFeature = GeoJSON.Feature<GeoJSON.Point, ClusterProperties | { s: number; m: number }>;

/** One zoom level: its items (clusters or single lamps) as columns. */
interface Level {
  n: number;
  x: Float64Array;
  y: Float64Array;
  count: Uint32Array;
  /** Lamps per state code, STATES entries per item: a delta moves one lamp between two entries on each level. */
  hist: Uint32Array;
  /** The fleet index of a single lamp, -1 for a cluster. */
  point: Int32Array;
  /** The cluster's id, -1 for a single lamp. */
  id: Int32Array;
  expand: Uint8Array;
  /** The item that holds this one on the level below (zoom − 1); -1 on level 0. */
  parent: Int32Array;
}

const mercX = (lng: number) => lng / 360 + 0.5;
function mercY(lat: number) {
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
  return y < 0 ? 0 : y > 1 ? 1 : y;
}
const lngOf = (x: number) => (x - 0.5) * 360;
const latOf = (y: number) => (360 * Math.atan(Math.exp((1 - 2 * y) * Math.PI))) / Math.PI - 90;

export const abbreviate = (count: number) => (count >= 10_000 ? `${Math.round(count / 1000)}k` : count >= 1000 ? `${Math.round(count / 100) / 10}k` : String(count));

function emptyLevel(n: number): Level {
  return {
    n, x: new Float64Array(n), y: new Float64Array(n), count: new Uint32Array(n), hist: new Uint32Array(n * STATES),
    point: new Int32Array(n), id: new Int32Array(n), expand: new Uint8Array(n), parent: new Int32Array(n).fill(-1),
  };
}

/**
 * The fleet's clusters on every zoom level, over typed arrays: greedy radius clustering from the lamps' level down to
 * zoom 0 (each item not yet taken gathers the untaken items within the radius; their centre is the count-weighted
 * mean). Each item keeps its lamps per state, so a state change walks one item per level and the worst state of
 * every cluster stays exact without re-clustering.
 */
export class ClusterIndex {
  /** levels[z]: the items drawn at zoom z (POINT_LEVEL: the lamps). */
  private readonly levels: Level[] = [];
  /** Fleet index → item on the lamps' level, -1 when not indexed. */
  private readonly itemOf: Int32Array;

  /** Indexes the lamps `points` (fleet indexes; positioned ones only). */
  constructor(private readonly columns: ClusterColumns, points: ArrayLike<number>) {
    this.itemOf = new Int32Array(columns.ids.length).fill(-1);
    const top = emptyLevel(points.length);
    for (let i = 0; i < points.length; i++) {
      const p = points[i];
      top.x[i] = mercX(columns.lng[p]);
      top.y[i] = mercY(columns.lat[p]);
      top.count[i] = 1;
      top.hist[i * STATES + columns.state[p]] = 1;
      top.point[i] = p;
      top.id[i] = -1;
      this.itemOf[p] = i;
    }
    this.levels[POINT_LEVEL] = top;
    let nextId = 0;
    for (let z = CLUSTER_MAX_ZOOM; z >= 0; z--) {
      const from = this.levels[z + 1];
      if (from.n === 0) {
        this.levels[z] = from;
        continue;
      }
      const to = emptyLevel(from.n);
      const r = CLUSTER_RADIUS / (512 * 2 ** z);
      const taken = new Uint8Array(from.n);
      const tree = new KDBush(from.n);
      for (let i = 0; i < from.n; i++) tree.add(from.x[i], from.y[i]);
      tree.finish();
      let k = 0;
      for (let i = 0; i < from.n; i++) {
        if (taken[i]) continue;
        taken[i] = 1;
        const near = tree.within(from.x[i], from.y[i], r).filter((j) => !taken[j]);
        const c = from.count[i];
        let count = c, sx = from.x[i] * c, sy = from.y[i] * c;
        for (let s = 0; s < STATES; s++) to.hist[k * STATES + s] = from.hist[i * STATES + s];
        from.parent[i] = k;
        for (const j of near) {
          taken[j] = 1;
          from.parent[j] = k;
          const cj = from.count[j];
          count += cj;
          sx += from.x[j] * cj;
          sy += from.y[j] * cj;
          for (let s = 0; s < STATES; s++) to.hist[k * STATES + s] += from.hist[j * STATES + s];
        }
        to.x[k] = sx / count;
        to.y[k] = sy / count;
        to.count[k] = count;
        if (near.length === 0) {
          to.point[k] = from.point[i];
          to.id[k] = from.id[i];
          to.expand[k] = from.expand[i];
        } else {
          to.point[k] = -1;
          to.id[k] = nextId++;
          to.expand[k] = z + 1;
        }
        k++;
      }
      this.levels[z] = trim(to, k);
    }
  }

  /** How many lamps are indexed. */
  get size() {
    return this.levels[POINT_LEVEL].n;
  }

  /** The level drawn at a (fractional) zoom. */
  static levelOf(zoom: number) {
    return Math.max(0, Math.min(POINT_LEVEL, Math.floor(zoom)));
  }

  /** Moves lamp `p` (a fleet index) to another state on every level; false when it is not indexed. */
  setState(p: number, state: number): boolean {
    let i = this.itemOf[p];
    if (i < 0) return false;
    const top = this.levels[POINT_LEVEL];
    let was = 0;
    while (was < STATES && top.hist[i * STATES + was] === 0) was++;
    if (was === state) return true;
    for (let z = POINT_LEVEL; z >= 0 && i >= 0; z--) {
      const level = this.levels[z];
      level.hist[i * STATES + was]--;
      level.hist[i * STATES + state]++;
      i = level.parent[i];
    }
    return true;
  }

  /** The items of a zoom level whose position lies in [west, south, east, north] (degrees, as drawn). */
  view([west, south, east, north]: [number, number, number, number], zoom: number): ViewFeature[] {
    const level = this.levels[ClusterIndex.levelOf(zoom)];
    const x0 = mercX(Math.max(west, -180)), x1 = mercX(Math.min(east, 180)), y0 = mercY(north), y1 = mercY(south);
    const { ids, lng, lat, model } = this.columns;
    const out: ViewFeature[] = [];
    for (let i = 0; i < level.n; i++) {
      const x = level.x[i], y = level.y[i];
      if (x < x0 || x > x1 || y < y0 || y > y1) continue;
      const p = level.point[i];
      if (p >= 0) {
        out.push({ type: 'Feature', id: ids[p], geometry: { type: 'Point', coordinates: [lng[p], lat[p]] }, properties: { s: worst(level.hist, i), m: model[p] } });
      } else {
        const count = level.count[i];
        out.push({
          type: 'Feature', geometry: { type: 'Point', coordinates: [lngOf(x), latOf(y)] },
          properties: { cluster: true, cluster_id: level.id[i], point_count: count, point_count_abbreviated: abbreviate(count), w: worst(level.hist, i), e: level.expand[i] },
        });
      }
    }
    return out;
  }
}

function worst(hist: Uint32Array, i: number) {
  for (let s = STATES - 1; s > 0; s--) if (hist[i * STATES + s] > 0) return s;
  return 0;
}

function trim(level: Level, n: number): Level {
  return {
    n, x: level.x.slice(0, n), y: level.y.slice(0, n), count: level.count.slice(0, n), hist: level.hist.slice(0, n * STATES),
    point: level.point.slice(0, n), id: level.id.slice(0, n), expand: level.expand.slice(0, n), parent: level.parent.slice(0, n),
  };
}
