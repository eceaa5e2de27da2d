import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toLogFilters } from './log-filters';

describe('toLogFilters', () => {
  it('turns the range into ISO begin and end times', () => {
    const begin = dayjs('2026-01-02T03:04:05Z');
    const end = dayjs('2026-01-03T00:00:00Z');
    expect(toLogFilters({ username: 'admin', status: '2', time: [begin, end] })).toEqual({
      username: 'admin',
      status: '2',
      beginTime: '2026-01-02T03:04:05.000Z',
      endTime: '2026-01-03T00:00:00.000Z',
    });
  });
  it('leaves the times out without a range', () => {
    expect(toLogFilters({ title: 'x', time: null })).toEqual({ title: 'x', beginTime: undefined, endTime: undefined });
    expect(toLogFilters({})).toEqual({ beginTime: undefined, endTime: undefined });
  });
});
