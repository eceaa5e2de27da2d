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
    this.levels[POINT_LEVEL] = lampLevel(columns, points, this.itemOf);
    const build: LevelBuild = { grid: new CellGrid(points.length), near: new Int32Array(64), nextId: 0 };
    for (let z = CLUSTER_MAX_ZOOM; z >= 0; z--) {
      const from = this.levels[z + 1];
      this.levels[z] = from.n === 0 ? from : clusterLevel(from, z, build);
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

/** The lamps' level: one item per lamp, in the order given. */
function lampLevel(columns: ClusterColumns, points: ArrayLike<number>, itemOf: Int32Array): Level {
  const top = emptyLevel(points.length);
  const { x, y, count, hist, point, id } = top;
  const { lng, lat, state } = columns;
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    x[i] = mercX(lng[p]);
    y[i] = mercY(lat[p]);
    count[i] = 1;
    hist[i * STATES + state[p]] = 1;
    point[i] = p;
    id[i] = -1;
    itemOf[p] = i;
  }
  return top;
}

/** What one index build carries from level to level: the cell grid, a buffer of neighbours, the next cluster id. */
interface LevelBuild {
  grid: CellGrid;
  near: Int32Array;
  nextId: number;
}

/**
 * Level z from level z + 1: each item not yet taken, in order, gathers the untaken items within the radius (sets
 * their `parent`). Its own function, so the engine optimises it once for every level.
 */
function clusterLevel(from: Level, z: number, build: LevelBuild): Level {
  const n = from.n;
  const to = emptyLevel(n);
  const r = CLUSTER_RADIUS / (512 * 2 ** z);
  const r2 = r * r;
  const taken = new Uint8Array(n);
  const { x: fx, y: fy, count: fcount, hist: fhist, parent, point: fpoint, id: fid, expand: fexpand } = from;
  const { x: tx, y: ty, count: tcount, hist, point: tpoint, id: tid, expand: texpand } = to;
  const grid = build.grid;
  grid.fill(fx, fy, n, r);
  const { start, items, cx: gxs, cy: gys } = grid;
  let near = build.near;
  let k = 0;
  for (let i = 0; i < n; i++) {
    if (taken[i]) continue;
    taken[i] = 1;
    const xi = fx[i], yi = fy[i];
    // The untaken items within the radius, from the 3×3 cells around item i (cells are a little wider than r).
    let m = 0;
    const cx = grid.cellOf(xi), cy = grid.cellOf(yi);
    for (let gy = cy - 1; gy <= cy + 1; gy++) {
      for (let gx = cx - 1; gx <= cx + 1; gx++) {
        const b = grid.bucketOf(gx, gy);
        for (let q = start[b], end = start[b + 1]; q < end; q++) {
          const j = items[q];
          if (taken[j]) continue;
          const dx = gxs[q] - xi, dy = gys[q] - yi;
          if (dx * dx + dy * dy > r2) continue;
          taken[j] = 1;
          if (m === near.length) {
            const grown = new Int32Array(m * 2);
            grown.set(near);
            near = build.near = grown;
          }
          near[m++] = j;
        }
      }
    }
    const c = fcount[i];
    let count = c, sx = xi * c, sy = yi * c;
    const hk = k * STATES;
    for (let s = 0; s < STATES; s++) hist[hk + s] = fhist[i * STATES + s];
    parent[i] = k;
    for (let t = 0; t < m; t++) {
      const j = near[t];
      parent[j] = k;
      const cj = fcount[j];
      count += cj;
      sx += fx[j] * cj;
      sy += fy[j] * cj;
      for (let s = 0; s < STATES; s++) hist[hk + s] += fhist[j * STATES + s];
    }
    tx[k] = sx / count;
    ty[k] = sy / count;
    tcount[k] = count;
    if (m === 0) {
      tpoint[k] = fpoint[i];
      tid[k] = fid[i];
      texpand[k] = fexpand[i];
    } else {
      tpoint[k] = -1;
      tid[k] = build.nextId++;
      texpand[k] = z + 1;
    }
    k++;
  }
  return trim(to, k);
}

/**
 * Items bucketed by square cells a little wider than the radius, so every item within the radius of a point lies in
 * the 3×3 cells around the point's own. Cells are hashed into about 2 buckets per item (any extent, no cell array
 * over the whole world); a bucket shared by distant cells only adds candidates, which the distance test drops.
 * Filled in O(n) by a counting sort, where a k-d tree would sort.
 */
class CellGrid {
  /** Items by bucket: those of bucket b are items[start[b]..start[b + 1]). */
  readonly items: Int32Array;
  /** Their positions in the same order: a query reads neighbouring memory, not the whole level's columns. */
  readonly cx: Float64Array;
  readonly cy: Float64Array;
  start: Int32Array;
  private readonly bucket: Int32Array;
  private mask = 0;
  private size = 1;

  constructor(capacity: number) {
    this.items = new Int32Array(capacity);
    this.cx = new Float64Array(capacity);
    this.cy = new Float64Array(capacity);
    this.bucket = new Int32Array(capacity);
    this.start = new Int32Array(2);
  }

  fill(x: Float64Array, y: Float64Array, n: number, r: number) {
    let buckets = 1;
    while (buckets < 2 * n) buckets *= 2;
    this.mask = buckets - 1;
    this.size = r * (1 + 1e-6);
    if (this.start.length < buckets + 1) this.start = new Int32Array(buckets + 1);
    const start = this.start;
    start.fill(0, 0, buckets + 1);
    for (let i = 0; i < n; i++) {
      const b = this.bucketOf(this.cellOf(x[i]), this.cellOf(y[i]));
      this.bucket[i] = b;
      start[b + 1]++;
    }
    for (let b = 0; b < buckets; b++) start[b + 1] += start[b];
    // Each bucket's items in ascending order: start[b] runs up to the next bucket's start while filling, then back.
    for (let i = 0; i < n; i++) {
      const q = start[this.bucket[i]]++;
      this.items[q] = i;
      this.cx[q] = x[i];
      this.cy[q] = y[i];
    }
    for (let b = buckets; b > 0; b--) start[b] = start[b - 1];
    start[0] = 0;
  }

  cellOf(v: number) {
    return Math.floor(v / this.size);
  }

  bucketOf(cx: number, cy: number) {
    let h = Math.imul(cx, 0x9e3779b1) ^ Math.imul(cy, 0x85ebca77);
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
    return (h ^ (h >>> 13)) & this.mask;
  }
}

function trim(level: Level, n: number): Level {
  return {
    n, x: level.x.slice(0, n), y: level.y.slice(0, n), count: level.count.slice(0, n), hist: level.hist.slice(0, n * STATES),
    point: level.point.slice(0, n), id: level.id.slice(0, n), expand: level.expand.slice(0, n), parent: level.parent.slice(0, n),
  };
}
