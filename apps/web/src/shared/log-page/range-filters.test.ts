import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toLogFilters } from './range-filters';

describe('toLogFilters', () => {
  it('turns the range into ISO from and to, and keeps the terminal', () => {
    const from = dayjs('2026-01-02T03:04:05Z');
    const to = dayjs('2026-01-03T00:00:00Z');
    expect(toLogFilters({ terminalId: 7, range: [from, to] })).toEqual({ terminalId: 7, from: '2026-01-02T03:04:05.000Z', to: '2026-01-03T00:00:00.000Z' });
  });
  it('drops empty filters and a missing range', () => {
    expect(toLogFilters({ terminalId: undefined, state: '', range: null })).toEqual({});
    expect(toLogFilters({ state: 'failed' })).toEqual({ state: 'failed' });
  });
  it('accepts an open-ended range', () => {
    expect(toLogFilters({ range: [dayjs('2026-01-02T00:00:00Z'), null] })).toEqual({ from: '2026-01-02T00:00:00.000Z' });
  });
});
