import { describe, expect, it } from 'vitest';
import { decodeMapFleet, encodeMapFleet, MAP_NO_POSITION, MapFlag, MapState } from '@sl/contracts';
import { FleetModel, NO_FILTERS } from './fleet-model';

const identity = (lng: number, lat: number): [number, number] => [lng, lat];
// Terminals 3, 4, 9: a lit lamp, an offline cabinet, a lamp without a position.
const model = () =>
  new FleetModel(
    decodeMapFleet(
      encodeMapFleet({
        ids: Int32Array.from([3, 4, 9]), x: Int32Array.from([121_473_701, 121_480_000, MAP_NO_POSITION]), y: Int32Array.from([31_230_416, 31_235_000, MAP_NO_POSITION]),
        state: Uint8Array.from([MapState.lit, MapState.offline, MapState.off]), model: Uint8Array.from([2, 1, 2]), family: Uint8Array.from([0, 1, 0]), dept: Int32Array.from([2, 3, 2]),
        flags: Uint8Array.from([MapFlag.lit, MapFlag.offline, 0]), depts: [],
      }),
    ),
  );

describe('FleetModel', () => {
  it('decodes ids and positions and builds features of the positioned terminals', () => {
    const m = model();
    expect([...m.fleet.ids]).toEqual([3, 4, 9]);
    const drawn = [0, 1, 2].filter((i) => m.matches(i, NO_FILTERS)).map((i) => m.feature(i, identity));
    expect(drawn.map((f) => f.id)).toEqual([3, 4]);
    expect(drawn[0].geometry.coordinates[0]).toBeCloseTo(121.473701, 6);
    expect(drawn[1].properties).toEqual({ s: MapState.offline, m: 1 });
    expect(m.bounds(identity)).toEqual([121.473701, 31.230416, 121.48, 31.235]);
  });

  it('counts by state over the filtered terminals, positioned or not', () => {
    const m = model();
    expect(m.counters(NO_FILTERS)).toEqual({ total: 3, online: 2, offline: 1, alarm: 0, lit: 1 });
    expect(m.counters({ states: [], deptId: 2 })).toEqual({ total: 2, online: 2, offline: 0, alarm: 0, lit: 1 });
  });

  it('turns deltas into a diff of the drawn features: update, add or remove under a state filter', () => {
    const m = model();
    expect(m.apply([[3, MapState.alarm], [77, MapState.alarm], [4, MapState.offline]], NO_FILTERS, identity)).toEqual({ add: [], remove: [], update: [{ id: 3, s: MapState.alarm }] });
    const alarmsOnly = { states: [MapState.alarm] };
    expect(m.apply([[3, MapState.lit]], alarmsOnly, identity)).toMatchObject({ remove: [3], add: [] });
    expect(m.apply([[4, MapState.alarm]], alarmsOnly, identity).add.map((f) => f.id)).toEqual([4]);
    expect(m.counters(NO_FILTERS).alarm).toBe(1);
  });

  it('counts a lit lamp in alarm as lit and an offline lamp with another alarm as offline', () => {
    const m = model();
    m.apply([[3, MapState.alarm, MapFlag.lit], [4, MapState.alarm, MapFlag.offline | MapFlag.lit]], NO_FILTERS, identity);
    // 3 lit and in alarm; 4 offline whatever its alarm (and its last light does not count); 9 online and dark.
    expect(m.counters(NO_FILTERS)).toEqual({ total: 3, online: 2, offline: 1, alarm: 2, lit: 1 });
    m.apply([[3, MapState.alarm, 0]], NO_FILTERS, identity);
    expect(m.counters(NO_FILTERS).lit).toBe(0);
  });
});
