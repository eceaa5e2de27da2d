import { describe, expect, it } from 'vitest';
import { zhCN } from './zh-CN';
import { enUS } from './en-US';
import { ALL_FEATURE_LOCALES } from '../all-feature-locales';

describe('locale maps', () => {
  it('hold exactly the same keys', () => {
    expect(Object.keys(enUS).sort()).toEqual(Object.keys(zhCN).sort());
  });

  it('have no empty translations', () => {
    for (const map of [zhCN, enUS]) {
      for (const [key, value] of Object.entries(map)) expect(value, key).not.toBe('');
    }
  });

  it('give every feature the same keys in both languages, none empty and none clashing with the base', () => {
    const base = new Set(Object.keys(zhCN));
    for (const feature of ALL_FEATURE_LOCALES) {
      const keys = Object.keys(feature['zh-CN']).sort();
      expect(Object.keys(feature['en-US']).sort()).toEqual(keys);
      for (const key of keys) {
        expect(base.has(key), key).toBe(false);
        expect(feature['zh-CN'][key], key).not.toBe('');
        expect(feature['en-US'][key], key).not.toBe('');
      }
    }
  });
});
