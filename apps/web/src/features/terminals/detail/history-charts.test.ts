// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { chartOption } from './history-charts';

/** Issue 28 item 16: power and brightness axes start at 0, so a dimmed lamp does not look off. */
describe('history chart axes', () => {
  it('draws brightness from 0 to 100 % and power from 0 for a single lamp', () => {
    const axes = chartOption([], false, i18n.t, 'en-US').yAxis;
    expect(axes[2]).toMatchObject({ name: 'kW', min: 0 });
    expect(axes[2]).not.toHaveProperty('scale');
    expect(axes[3]).toMatchObject({ name: '%', min: 0, max: 100 });
    expect(axes[3]).not.toHaveProperty('scale');
  });

  it('draws a cabinet\'s power from 0 too', () => {
    expect(chartOption([], true, i18n.t, 'en-US').yAxis[2]).toMatchObject({ name: 'kW', min: 0 });
  });
});
