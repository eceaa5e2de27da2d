// @vitest-environment jsdom
import { afterAll, describe, expect, it } from 'vitest';
import { changeLocale } from '../i18n';
import { formatNumber, formatQuantity } from './format-number';

describe('formatNumber and formatQuantity', () => {
  afterAll(() => changeLocale('zh-CN'));
  it('groups digits and rounds per locale, blank for nothing', async () => {
    await changeLocale('en-US');
    expect(formatNumber(12345.678)).toBe('12,345.68');
    expect(formatNumber(null)).toBe('');
    expect(formatQuantity(230.456, 'V', 1)).toBe('230.5 V');
    expect(formatQuantity(undefined, 'kWh')).toBe('');
  });
  it('keeps zero', () => {
    expect(formatQuantity(0, 'mA')).toBe('0 mA');
  });
});
