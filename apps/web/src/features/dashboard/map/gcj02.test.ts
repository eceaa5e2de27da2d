import { describe, expect, it } from 'vitest';
import { wgs84ToGcj02 } from './gcj02';

describe('wgs84ToGcj02', () => {
  it('matches the published conversion of Tiananmen (coordtransform: 116.404, 39.915 → 116.41024449916938, 39.91640428150164)', () => {
    const [lng, lat] = wgs84ToGcj02(116.404, 39.915);
    expect(lng).toBeCloseTo(116.41024449916938, 10);
    expect(lat).toBeCloseTo(39.91640428150164, 10);
  });
  it('leaves positions outside China as they are', () => {
    expect(wgs84ToGcj02(2.3522, 48.8566)).toEqual([2.3522, 48.8566]);
  });
});
