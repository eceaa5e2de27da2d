import { describe, expect, it } from 'vitest';
import { lampRatesOption } from './operations-charts';

describe('the worst lamps chart', () => {
  it('draws each lamp by name with its lighting rate in per cent, an unknown rate as a gap', () => {
    const option = lampRatesOption([
      { terminalId: 1, name: 'Lamp A', burnHours: 3, switches: 1, lightingRate: 0.301 },
      { terminalId: 2, name: 'Lamp B', burnHours: 0, switches: 0, lightingRate: null },
    ], (k) => k) as { xAxis: { data: string[] }; series: Array<{ data: Array<number | null> }> };
    expect(option.xAxis.data).toEqual(['Lamp A', 'Lamp B']);
    expect(option.series[0].data).toEqual([30.1, null]);
  });
});
