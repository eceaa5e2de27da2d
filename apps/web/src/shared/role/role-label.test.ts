// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { changeLocale } from '../i18n';
import { roleLabel } from './role-label';

describe('roleLabel', () => {
  it('names the seeded roles in English in an English session and keeps typed names', async () => {
    await changeLocale('en-US');
    expect(roleLabel('系统管理员')).toBe('Administrator');
    expect(roleLabel('访客')).toBe('Visitor');
    expect(roleLabel('维修员')).toBe('Repairer');
    expect(roleLabel('夜班巡检')).toBe('夜班巡检');
    await changeLocale('zh-CN');
    expect(roleLabel('系统管理员')).toBe('系统管理员');
  });
});
