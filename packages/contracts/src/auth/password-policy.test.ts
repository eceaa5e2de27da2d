import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages/catalogue.js';
import { DEFAULT_PASSWORD_POLICY, PASSWORD_POLICY_KEYS, passwordPolicyOf, passwordProblem, policyValueExpected } from './password-policy.js';

const problem = (plain: string, username = 'alice', policy = DEFAULT_PASSWORD_POLICY) => passwordProblem(plain, username, policy)?.key;

describe('password policy', () => {
  it.each([
    ['      ', 'auth.passwordTooShort'],
    ['Ab3$xyz', 'auth.passwordTooShort'],
    ['        ', 'auth.passwordRepeated'],
    ['aaaaaaaaaa', 'auth.passwordRepeated'],
    ['12345678', 'auth.passwordCommon'],
    ['PassWord1', 'auth.passwordCommon'],
    ['Alice-Admin', undefined],
    ['alice.smith', undefined],
    ['lamp-post-42', undefined],
  ])('%j → %s', (plain, key) => {
    expect(problem(plain)).toBe(key);
  });

  it('refuses the username, whatever its case', () => {
    expect(problem('Operator-1', 'operator-1')).toBe('auth.passwordIsUsername');
  });

  it('names the minimum length in both languages', () => {
    const found = passwordProblem('short', 'x', DEFAULT_PASSWORD_POLICY)!;
    expect(formatMessage(found.key, 'en-US', found.params)).toBe('Password policy: the new password must be at least 8 characters long');
    expect(formatMessage(found.key, 'zh-CN', found.params)).toBe('密码策略：新密码至少需要 8 个字符');
  });

  it('lets the administrator turn each rule off and set the length', () => {
    const loose = passwordPolicyOf({
      [PASSWORD_POLICY_KEYS.minLength]: '6',
      [PASSWORD_POLICY_KEYS.rejectRepeated]: 'false',
      [PASSWORD_POLICY_KEYS.rejectCommon]: 'off',
      [PASSWORD_POLICY_KEYS.rejectUsername]: '0',
    });
    expect(loose).toEqual({ minLength: 6, rejectRepeated: false, rejectCommon: false, rejectUsername: false });
    for (const plain of ['123456', '666666', 'alice1']) expect(problem(plain, 'alice1', loose)).toBeUndefined();
  });

  it('reads a missing or unreadable setting as the default, and says what a stored value must be', () => {
    expect(passwordPolicyOf({ [PASSWORD_POLICY_KEYS.minLength]: 'twelve', [PASSWORD_POLICY_KEYS.rejectCommon]: 'maybe' })).toEqual(DEFAULT_PASSWORD_POLICY);
    expect(policyValueExpected(PASSWORD_POLICY_KEYS.minLength, '12')).toBeUndefined();
    expect(policyValueExpected(PASSWORD_POLICY_KEYS.minLength, '5')?.['en-US']).toBe('a whole number from 6 to 64');
    expect(policyValueExpected(PASSWORD_POLICY_KEYS.rejectCommon, 'maybe')?.['en-US']).toMatch(/true \(on\) or false/);
    expect(policyValueExpected('sys.app.name', 'anything')).toBeUndefined();
  });
});
