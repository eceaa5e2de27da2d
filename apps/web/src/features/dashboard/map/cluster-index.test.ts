import { describe, expect, it } from 'vitest';
import { MapState } from '@sl/contracts';
import { abbreviate, CLUSTER_MAX_ZOOM, CLUSTER_RADIUS, ClusterIndex, POINT_LEVEL, type ClusterProperties } from './cluster-index';

/** A small fleet: tight groups of lamps around a few centres in Shanghai, states from a seeded generator. */
function fleet(n = 400, seed = 7) {
  let r = seed;
  const rand = () => ((r = (r * 1103515245 + 12345) % 2147483648) / 2147483648);
  const ids = new Int32Array(n), lng = new Float64Array(n), lat = new Float64Array(n), state = new Uint8Array(n), model = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const centre = i % 5;
    ids[i] = 1000 + i * 3;
    lng[i] = 121.3 + centre * 0.04 + (rand() - 0.5) * 0.01 * (1 + (i % 3));
    lat[i] = 31.1 + centre * 0.02 + (rand() - 0.5) * 0.01 * (1 + (i % 3));
    state[i] = Math.floor(rand() * 5);
    model[i] = i % 10 === 0 ? 1 : 2;
  }
  return { ids, lng, lat, state, model };
}

interface RefItem { x: number; y: number; count: number; states: number[] }

/** The greedy rule written plainly: every item not yet taken gathers every untaken item within the radius (all pairs). */
function reference(columns: ReturnType<typeof fleet>, points: number[]) {
  const toX = (lng: number) => (lng + 180) / 360;
  const toY = (lat: number) => {
    const phi = (lat * Math.PI) / 180;
    return (1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2;
  };
  const levels: RefItem[][] = [];
  levels[POINT_LEVEL] = points.map((p) => ({ x: toX(columns.lng[p]), y: toY(columns.lat[p]), count: 1, states: [columns.state[p]] }));
  for (let z = CLUSTER_MAX_ZOOM; z >= 0; z--) {
    const from = levels[z + 1];
    const r = CLUSTER_RADIUS / (512 * 2 ** z);
    const taken = from.map(() => false);
    levels[z] = [];
    from.forEach((a, i) => {
      if (taken[i]) return;
      taken[i] = true;
      const group = [a];
      from.forEach((b, j) => {
        if (!taken[j] && (a.x - b.x) ** 2 + (a.y - b.y) ** 2 <= r * r) {
          taken[j] = true;
          group.push(b);
        }
      });
      const count = group.reduce((t, g) => t + g.count, 0);
      levels[z].push({
        x: group.reduce((t, g) => t + g.x * g.count, 0) / count, y: group.reduce((t, g) => t + g.y * g.count, 0) / count,
        count, states: group.flatMap((g) => g.states),
      });
    });
  }
  return levels;
}

const WORLD: [number, number, number, number] = [-180, -85, 180, 85];
const all = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('ClusterIndex', () => {
  it('clusters every level as the plain greedy rule does: counts and worst state of each cluster', () => {
    const columns = fleet();
    const index = new ClusterIndex(columns, all(400));
    const ref = reference(columns, all(400));
    let clustered = 0;
    for (let z = 0; z <= POINT_LEVEL; z++) {
      const items = index.view(WORLD, z + 0.5);
      expect(items.map((f) => ('cluster' in f.properties ? f.properties.point_count : 1))).toEqual(ref[z].map((r) => r.count));
      expect(items.map((f) => ('cluster' in f.properties ? f.properties.w : f.properties.s))).toEqual(ref[z].map((r) => Math.max(...r.states)));
      expect(items.reduce((t, f) => t + ('cluster' in f.properties ? f.properties.point_count : 1), 0)).toBe(400);
      clustered += items.filter((f) => 'cluster' in f.properties).length;
    }
    expect(clustered).toBeGreaterThan(20);
    // Lamps stand alone above the clusters' last zoom, with their ids, models and exact positions.
    const lamps = index.view(WORLD, 18);
    expect(lamps.map((f) => f.id)).toEqual([...columns.ids]);
    expect(lamps[10].properties).toEqual({ s: columns.state[10], m: 1 });
    expect(lamps[10].geometry.coordinates).toEqual([columns.lng[10], columns.lat[10]]);
  });

  it('clusters as the plain greedy rule does over the whole world too: far-apart groups, the antimeridian, the poles, lamps a radius apart', () => {
    const n = 300;
    const columns = fleet(n, 11);
    const spots = [[121.47, 31.23], [151.2, -33.87], [-74.0, 40.7], [179.999, 0], [-179.999, 0], [0, 84.9], [0, -84.9]];
    for (let i = 0; i < n; i++) {
      const [x, y] = spots[i % spots.length];
      columns.lng[i] = Math.max(-180, Math.min(180, x + (columns.lng[i] - 121.3) * 0.5));
      columns.lat[i] = Math.max(-85, Math.min(85, y + (columns.lat[i] - 31.1) * 0.5));
    }
    // Two lamps about one zoom-10 radius apart on the equator, where a cell boundary may fall between them.
    columns.lng[0] = 10;
    columns.lat[0] = 0;
    columns.lng[1] = 10 + (CLUSTER_RADIUS / (512 * 2 ** 10)) * 360;
    columns.lat[1] = 0;
    const index = new ClusterIndex(columns, all(n));
    const ref = reference(columns, all(n));
    for (let z = 0; z <= POINT_LEVEL; z++) {
      const items = index.view(WORLD, z + 0.5);
      expect(items.map((f) => ('cluster' in f.properties ? f.properties.point_count : 1))).toEqual(ref[z].map((r) => r.count));
      expect(items.map((f) => ('cluster' in f.properties ? f.properties.w : f.properties.s))).toEqual(ref[z].map((r) => Math.max(...r.states)));
    }
  });

  it('answers only the items within the bounds', () => {
    const columns = fleet();
    const index = new ClusterIndex(columns, all(400));
    const box: [number, number, number, number] = [121.32, 31.1, 121.36, 31.14];
    const inBox = all(400).filter((i) => columns.lng[i] >= box[0] && columns.lng[i] <= box[2] && columns.lat[i] >= box[1] && columns.lat[i] <= box[3]);
    expect(index.view(box, 16).map((f) => f.id)).toEqual(inBox.map((i) => columns.ids[i]));
    for (const f of index.view(box, 10)) {
      const [x, y] = f.geometry.coordinates;
      expect(x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3]).toBe(true);
    }
  });

  it('a state change moves one lamp on every level: worst states match a fresh index of the changed fleet', () => {
    const columns = fleet();
    for (let i = 0; i < 400; i++) columns.state[i] = MapState.off;
    const index = new ClusterIndex(columns, all(400));
    const worstAt = (idx: ClusterIndex, z: number) => idx.view(WORLD, z).map((f) => ('cluster' in f.properties ? f.properties.w : f.properties.s));
    expect(new Set(worstAt(index, 3))).toEqual(new Set([MapState.off]));
    expect(index.setState(37, MapState.alarm)).toBe(true);
    expect(index.setState(38, MapState.lit)).toBe(true);
    expect(index.setState(38, MapState.off)).toBe(true);
    columns.state[37] = MapState.alarm;
    const fresh = new ClusterIndex(columns, all(400));
    for (let z = 0; z <= POINT_LEVEL; z++) expect(worstAt(index, z)).toEqual(worstAt(fresh, z));
    expect(worstAt(index, 0)).toContain(MapState.alarm);
    // The lamp back to off: no alarm anywhere.
    index.setState(37, MapState.off);
    for (let z = 0; z <= POINT_LEVEL; z++) expect(worstAt(index, z)).not.toContain(MapState.alarm);
  });

  it('indexes only the given lamps and gives clusters their splitting zoom and abbreviated count', () => {
    const columns = fleet();
    const index = new ClusterIndex(columns, [0, 5, 10, 15]);
    expect(index.size).toBe(4);
    expect(index.setState(1, MapState.alarm)).toBe(false);
    const [top] = index.view(WORLD, 0);
    expect(top.properties).toMatchObject({ cluster: true, point_count: 4, point_count_abbreviated: '4' });
    const e = (top.properties as ClusterProperties).e;
    expect(index.view(WORLD, e).length).toBeGreaterThan(1);
    expect(index.view(WORLD, e - 1).length).toBe(1);
    expect([abbreviate(999), abbreviate(1250), abbreviate(15_400)]).toEqual(['999', '1.3k', '15k']);
  });
});
