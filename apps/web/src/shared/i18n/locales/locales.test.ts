import { describe, expect, it } from 'vitest';
import { zhCN } from './zh-CN';
import { enUS } from './en-US';

describe('locale maps', () => {
  it('hold exactly the same keys', () => {
    expect(Object.keys(enUS).sort()).toEqual(Object.keys(zhCN).sort());
  });

  it('have no empty translations', () => {
    for (const map of [zhCN, enUS]) {
      for (const [key, value] of Object.entries(map)) expect(value, key).not.toBe('');
    }
  });
});
