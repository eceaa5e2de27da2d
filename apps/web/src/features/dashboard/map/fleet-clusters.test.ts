import { describe, expect, it } from 'vitest';
import { MapState } from '@sl/contracts';
import { FleetClusters } from './fleet-clusters';
import { wgs84ToGcj02 } from './gcj02';

const WORLD: [number, number, number, number] = [-180, -85, 180, 85];
// Terminals 1-4 close together (one cluster at city zoom), 5 without a position; 4 a cabinet of department 3.
const columns = () => ({
  ids: Int32Array.from([1, 2, 3, 4, 5]),
  lng: Float64Array.from([121.47, 121.4701, 121.4702, 121.4703, Number.NaN]),
  lat: Float64Array.from([31.23, 31.2301, 31.2302, 31.2303, Number.NaN]),
  dept: Int32Array.from([2, 2, 2, 3, 2]),
  state: Uint8Array.from([MapState.off, MapState.lit, MapState.lit, MapState.offline, MapState.off]),
  model: Uint8Array.from([2, 2, 2, 1, 2]),
  family: Uint8Array.from([0, 0, 0, 0, 0]),
  flags: Uint8Array.from([0, 1, 1, 2, 0]),
});
const city = (c: FleetClusters) => c.view(WORLD, 11).map((f) => f.properties);

describe('FleetClusters (the map worker)', () => {
  it('indexes the positioned terminals the filters select', () => {
    const c = new FleetClusters(columns());
    expect(c.build({ states: [] }, 'wgs84')).toBe(4);
    expect(city(c)).toMatchObject([{ cluster: true, point_count: 4, w: MapState.offline }]);
    expect(c.build({ states: [], deptId: 2 }, 'wgs84')).toBe(3);
    expect(city(c)).toMatchObject([{ cluster: true, point_count: 3, w: MapState.lit }]);
    expect(c.build({ states: [], model: 1 }, 'wgs84')).toBe(1);
    expect(c.view(WORLD, 11).map((f) => f.id)).toEqual([4]);
  });

  it('a delta changes one lamp and the worst state of its clusters; one entering a state filter is drawn', () => {
    const c = new FleetClusters(columns());
    c.build({ states: [] }, 'wgs84');
    c.apply([[2, MapState.alarm]]);
    expect(city(c)).toMatchObject([{ point_count: 4, w: MapState.alarm }]);
    expect(c.view(WORLD, 16).map((f) => [f.id, f.properties])).toEqual([[1, { s: 0, m: 2 }], [2, { s: MapState.alarm, m: 2 }], [3, { s: 1, m: 2 }], [4, { s: 3, m: 1 }]]);
    c.apply([[2, MapState.lit], [77, MapState.alarm]]);
    expect(city(c)).toMatchObject([{ w: MapState.offline }]);

    c.build({ states: [MapState.alarm] }, 'wgs84');
    expect(c.view(WORLD, 11)).toEqual([]);
    c.apply([[3, MapState.alarm]]);
    expect(c.view(WORLD, 11).map((f) => f.id)).toEqual([3]);
    c.apply([[3, MapState.off]]);
    expect(c.view(WORLD, 11)).toEqual([]);
  });

  it('draws GCJ-02 positions for providers that need them', () => {
    const c = new FleetClusters(columns());
    c.build({ states: [] }, 'gcj02');
    expect(c.view(WORLD, 16)[0].geometry.coordinates).toEqual(wgs84ToGcj02(121.47, 31.23));
  });
});
