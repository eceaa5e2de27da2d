// @vitest-environment jsdom
import { afterAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { changeLocale } from '../i18n';
import { formatTime, relativeTime, toDate } from './format-time';

const now = new Date(2025, 8, 26, 12, 0, 0).getTime();
const ago = (seconds: number) => now - seconds * 1000;

describe('formatTime', () => {
  it('treats 10-digit numbers as seconds', () => {
    const seconds = Math.floor(now / 1000);
    expect(formatTime(seconds)).toBe('2025-09-26 12:00:00');
    expect(formatTime(String(seconds))).toBe('2025-09-26 12:00:00');
  });
  it('treats 13-digit numbers as milliseconds', () => {
    expect(formatTime(now)).toBe('2025-09-26 12:00:00');
  });
  it('accepts a custom format and date strings', () => {
    expect(formatTime(now, 'YYYY/MM/DD')).toBe('2025/09/26');
    expect(formatTime('2025-01-02 03:04:05')).toBe('2025-01-02 03:04:05');
  });
  it('returns an empty string for nothing or garbage', () => {
    expect(formatTime(null)).toBe('');
    expect(formatTime('not a date')).toBe('');
    expect(toDate(undefined)).toBeNull();
  });
});

describe('relativeTime', () => {
  afterAll(() => changeLocale('zh-CN'));

  it('words recent times in Chinese by default', () => {
    expect(relativeTime(ago(10), now)).toBe('刚刚');
    expect(relativeTime(ago(90), now)).toBe('2分钟前');
    expect(relativeTime(ago(2 * 3600), now)).toBe('2小时前');
    expect(relativeTime(ago(30 * 3600), now)).toBe('1天前');
  });
  it('falls back to the date after two days', () => {
    expect(relativeTime(ago(3 * 86_400), now)).toBe(dayjs(ago(3 * 86_400)).format('YYYY-MM-DD HH:mm:ss'));
  });
  it('switches wording with the language', async () => {
    await changeLocale('en-US');
    expect(relativeTime(ago(5), now)).toBe('just now');
    expect(relativeTime(ago(600), now)).toBe('10 min ago');
  });
});
