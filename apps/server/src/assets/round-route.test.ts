import { describe, expect, it } from 'vitest';
import { metres, routeStops } from './round-route.js';

describe('routeStops', () => {
  it('visits lamps along the street from the first, not in the order chosen, and puts unplaced lamps last', () => {
    // Five poles 100 m apart on a street running east, chosen out of order; one lamp without a position.
    const at = (i: number) => ({ lng: 121.5 + i * 0.00105, lat: 31.2 });
    const stops = [{ assetId: 1, ...at(0) }, { assetId: 2, ...at(3) }, { assetId: 3, lng: null, lat: null }, { assetId: 4, ...at(1) }, { assetId: 5, ...at(4) }, { assetId: 6, ...at(2) }];
    expect(routeStops(stops).map((s) => s.assetId)).toEqual([1, 4, 6, 2, 5, 3]);
    expect(metres(at(0), at(1))).toBeGreaterThan(95);
    expect(metres(at(0), at(1))).toBeLessThan(105);
  });
});
