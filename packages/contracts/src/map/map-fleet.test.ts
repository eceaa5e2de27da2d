import { describe, expect, it } from 'vitest';
import { decodeMapFleet, encodeMapFleet, MAP_NO_POSITION } from './map-fleet.js';

describe('map fleet binary', () => {
  it('round-trips ids, positions (to 1e-6 degree), missing positions, departments and byte columns', () => {
    const bytes = encodeMapFleet({
      ids: Int32Array.from([3, 4, 9, 70000]),
      x: Int32Array.from([121473701, 121480000, MAP_NO_POSITION, -73985130]),
      y: Int32Array.from([31230416, 31235000, MAP_NO_POSITION, 40758896]),
      dept: Int32Array.from([2, 3, 0, 5]),
      state: Uint8Array.from([1, 3, 0, 4]),
      model: Uint8Array.from([2, 1, 2, 2]),
      family: Uint8Array.from([0, 1, 0, 1]),
      flags: Uint8Array.from([1, 2, 0, 3]),
      depts: [{ deptId: 2, deptName: '运维一部' }],
    });
    const f = decodeMapFleet(bytes.slice().buffer);
    expect([...f.ids]).toEqual([3, 4, 9, 70000]);
    expect(f.lng[0]).toBeCloseTo(121.473701, 9);
    expect(f.lat[1]).toBeCloseTo(31.235, 9);
    expect(Number.isNaN(f.lng[2]) && Number.isNaN(f.lat[2])).toBe(true);
    expect(f.lng[3]).toBeCloseTo(-73.98513, 9);
    expect([...f.dept]).toEqual([2, 3, 0, 5]);
    expect([...f.state, ...f.model, ...f.family, ...f.flags]).toEqual([1, 3, 0, 4, 2, 1, 2, 2, 0, 1, 0, 1, 1, 2, 0, 3]);
    expect(f.depts).toEqual([{ deptId: 2, deptName: '运维一部' }]);
  });
  it('refuses bytes that are not a fleet', () => {
    expect(() => decodeMapFleet(new Uint8Array(40))).toThrow(/SLMF/);
  });
  it('encodes an empty fleet', () => {
    const f = decodeMapFleet(encodeMapFleet({ ids: new Int32Array(0), x: new Int32Array(0), y: new Int32Array(0), dept: new Int32Array(0), state: new Uint8Array(0), model: new Uint8Array(0), family: new Uint8Array(0), flags: new Uint8Array(0), depts: [] }));
    expect(f.ids.length).toBe(0);
  });
});
