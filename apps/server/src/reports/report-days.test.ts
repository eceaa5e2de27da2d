import { describe, expect, it } from 'vitest';
import type { EnergyReportAsked } from '@sl/contracts';
import { lastMonth, withReportDays } from './report-days.js';

const asked = (days: { from?: string; to?: string } = {}): EnergyReportAsked => ({ groupBy: 'day', lastYear: false, deptIds: undefined, boxIds: undefined, terminalIds: undefined, areas: undefined, noArea: false, ...days });

describe('report days asked without days', () => {
  // 2026-03-01 01:30 in Shanghai is still 2026-02-28 in UTC and in New York.
  const now = Date.UTC(2026, 1, 28, 17, 30);

  it('covers the 30 local days before today in the zone', () => {
    expect(withReportDays(asked(), 'Asia/Shanghai', now)).toMatchObject({ from: '2026-01-30', to: '2026-02-28' });
    expect(withReportDays(asked(), 'America/New_York', now)).toMatchObject({ from: '2026-01-29', to: '2026-02-27' });
  });

  it('keeps days that were asked', () => {
    expect(withReportDays(asked({ from: '2025-05-01', to: '2025-05-02' }), 'Asia/Shanghai', now)).toMatchObject({ from: '2025-05-01', to: '2025-05-02' });
  });

  it('takes last month in the zone, across a year', () => {
    expect(lastMonth('Asia/Shanghai', now)).toBe('2026-02');
    expect(lastMonth('America/New_York', now)).toBe('2026-01');
    expect(lastMonth('UTC', Date.UTC(2026, 0, 3))).toBe('2025-12');
  });
});
