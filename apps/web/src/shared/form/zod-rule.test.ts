import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { roleInput, userCreate } from '@sl/contracts';
import { i18n } from '../i18n';
import { zodRule } from './zod-rule';

const check = (schema: z.ZodType, value: unknown, label = '昵称') => {
  const rule = zodRule(schema, label) as { validator: (r: unknown, v: unknown) => Promise<void> };
  return rule.validator({}, value).then(() => 'ok', (e: Error) => e.message);
};

describe('zodRule', () => {
  afterEach(() => i18n.changeLanguage('zh-CN'));

  it('passes valid values', async () => {
    expect(await check(userCreate.shape.nickName, 'Zhang')).toBe('ok');
    expect(await check(userCreate.shape.phone, '')).toBe('ok');
  });
  it('says "required" for blank values, in the current language', async () => {
    expect(await check(userCreate.shape.nickName, '  ')).toBe('请填写昵称');
    expect(await check(userCreate.shape.deptId, undefined, '部门')).toBe('请填写部门');
    expect(await check(userCreate.shape.roleIds, [], '角色')).toBe('请填写角色');
    await i18n.changeLanguage('en-US');
    expect(await check(userCreate.shape.nickName, '', 'nick name')).toBe('nick name is required');
  });
  it('translates lengths and known contract messages', async () => {
    expect(await check(userCreate.shape.nickName, 'x'.repeat(65))).toBe('昵称最多 64 个字符');
    expect(await check(userCreate.shape.phone, 'abc', '手机')).toBe('请输入正确的手机号码');
    expect(await check(roleInput.shape.roleKey, '1abc', '权限字符')).toBe('权限字符须以字母开头，只含字母、数字、- 和 _');
  });
  it('falls back to the zod message when there is no key', async () => {
    expect(await check(z.string().refine((v) => v === 'x', 'must be x'), 'y')).toBe('must be x');
  });
});
