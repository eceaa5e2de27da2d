import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY } from '@sl/contracts';
import { i18n } from '../i18n';
import { passwordPolicyRule } from './password-policy-rule';

const check = (value: string, username = 'alice', policy = DEFAULT_PASSWORD_POLICY) => {
  const rule = passwordPolicyRule(policy, () => username) as { validator: (rule: unknown, value: unknown) => Promise<void> };
  return rule.validator({}, value);
};

describe('passwordPolicyRule', () => {
  afterEach(() => i18n.changeLanguage('zh-CN'));

  it("refuses what the server's policy refuses, with the server's message in the console's language", async () => {
    await i18n.changeLanguage('en-US');
    await expect(check('123456')).rejects.toThrow('Password policy: the new password must be at least 8 characters long');
    await expect(check('qwerty123')).rejects.toThrow(/common one/);
    await expect(check(' Alice ', 'alice', { ...DEFAULT_PASSWORD_POLICY, minLength: 5 })).rejects.toThrow(/must not be the username/);
    await i18n.changeLanguage('zh-CN');
    await expect(check('aaaaaaaa')).rejects.toThrow('密码策略：新密码不能全部是同一个字符');
  });

  it('passes a good password, an empty field (the required rule speaks) and any password before the policy is known', async () => {
    await expect(check('Lamp-Post-4711')).resolves.toBeUndefined();
    await expect(check('')).resolves.toBeUndefined();
    const unknown = passwordPolicyRule(undefined, () => 'alice') as { validator: (rule: unknown, value: unknown) => Promise<void> };
    await expect(unknown.validator({}, '123456')).resolves.toBeUndefined();
  });
});
