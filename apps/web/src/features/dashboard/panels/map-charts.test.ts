// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { energyChartOption } from './map-charts';

/** Issue 28 item 16: the energy chart's labels never overlap in the narrow dashboard panel. */
describe('energy chart option', () => {
  it('starts at 0, hides overlapping labels and writes large values short', () => {
    const o = energyChartOption([{ deptId: 1, deptName: 'Operations department north district', energyKwh: 123456.789 }], i18n.t, 'en-US');
    expect(o.xAxis).toMatchObject({ min: 0, name: 'kWh', axisLabel: { hideOverlap: true } });
    expect(o.xAxis.axisLabel.formatter(123456.789)).toBe('123.5K');
    expect(o.yAxis.axisLabel).toMatchObject({ overflow: 'truncate', hideOverlap: true });
  });
});
