import { z } from 'zod';
import type { Bilingual, MessageKey, MessageParams } from '../messages/catalogue.js';
import { PASSWORD_RULE } from '../system/user.js';

/**
 * The rules a new password must pass (own change, an administrator's reset, a new user, an import).
 * The administrator sets them in the system configuration under these keys; a missing or unreadable
 * value means the default.
 */
export interface PasswordPolicy {
  minLength: number;
  rejectRepeated: boolean;
  rejectCommon: boolean;
  rejectUsername: boolean;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { minLength: 8, rejectRepeated: true, rejectCommon: true, rejectUsername: true };

export const PASSWORD_POLICY_KEYS = {
  minLength: 'sys.password.minLength',
  rejectRepeated: 'sys.password.rejectRepeated',
  rejectCommon: 'sys.password.rejectCommon',
  rejectUsername: 'sys.password.rejectUsername',
} as const satisfies Record<keyof PasswordPolicy, string>;

export const passwordPolicy = z.object({
  minLength: z.number().int(),
  rejectRepeated: z.boolean(),
  rejectCommon: z.boolean(),
  rejectUsername: z.boolean(),
});

const TRUE = ['true', '1', 'yes', 'on'];
const FALSE = ['false', '0', 'no', 'off'];
const MIN_LENGTH_RANGE = { min: PASSWORD_RULE.min, max: PASSWORD_RULE.max };

/** What a stored value of `key` must look like, or undefined when `value` is fine (or `key` is no policy key). */
export function policyValueExpected(key: string, value: string): Bilingual | undefined {
  const v = value.trim().toLowerCase();
  if (key === PASSWORD_POLICY_KEYS.minLength) {
    const ok = /^\d+$/.test(v) && Number(v) >= MIN_LENGTH_RANGE.min && Number(v) <= MIN_LENGTH_RANGE.max;
    return ok ? undefined : { 'zh-CN': `${MIN_LENGTH_RANGE.min} 到 ${MIN_LENGTH_RANGE.max} 之间的整数`, 'en-US': `a whole number from ${MIN_LENGTH_RANGE.min} to ${MIN_LENGTH_RANGE.max}` };
  }
  if ((Object.values(PASSWORD_POLICY_KEYS) as string[]).includes(key) && ![...TRUE, ...FALSE].includes(v)) {
    return { 'zh-CN': 'true（启用）或 false（停用）', 'en-US': 'true (on) or false (off)' };
  }
  return undefined;
}

/** The policy from the stored configuration values; a missing or bad value gives the default. */
export function passwordPolicyOf(stored: Record<string, string | undefined>): PasswordPolicy {
  const flag = (name: Exclude<keyof PasswordPolicy, 'minLength'>) => {
    const v = stored[PASSWORD_POLICY_KEYS[name]]?.trim().toLowerCase() ?? '';
    return TRUE.includes(v) ? true : FALSE.includes(v) ? false : DEFAULT_PASSWORD_POLICY[name];
  };
  const length = stored[PASSWORD_POLICY_KEYS.minLength] ?? '';
  return {
    minLength: policyValueExpected(PASSWORD_POLICY_KEYS.minLength, length) ? DEFAULT_PASSWORD_POLICY.minLength : Number(length.trim()),
    rejectRepeated: flag('rejectRepeated'),
    rejectCommon: flag('rejectCommon'),
    rejectUsername: flag('rejectUsername'),
  };
}

/** A short list of the passwords guessed first (leaked-password top lists), compared without case. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456', '1234567', '12345678', '123456789', '1234567890', '0123456789', '987654321', '87654321', '654321',
  '123123', '123123123', '112233', '11223344', '121212', '123321', '520520', '5201314', '1314520', '147258369', '12344321', '1q2w3e4r',
  '1qaz2wsx', 'qwertyuiop', 'qwerty', 'qwerty123', 'qwe123', 'asdfghjkl', 'asdf1234', 'zxcvbnm', 'abc123', 'abc12345',
  'abcd1234', 'abcdefg', 'abcdefgh', 'a1b2c3d4', 'aa123456', 'a123456', 'a12345678', 'password', 'password1', 'password123',
  'passw0rd', 'p@ssw0rd', 'p@ssword', 'admin', 'admin123', 'admin888', 'admin@123', 'administrator', 'root', 'root123',
  'letmein', 'welcome', 'welcome1', 'iloveyou', 'monkey', 'dragon', 'sunshine', 'princess', 'football', 'baseball',
  'master', 'shadow', 'superman', 'trustno1', 'woaini', 'woaini1314', 'changeme', 'default', 'test1234', 'guest',
]);

export interface PasswordProblem {
  key: MessageKey;
  params: MessageParams;
}

/** The first rule of `policy` that `plain` breaks, as a message naming it; undefined when it passes. */
export function passwordProblem(plain: string, username: string, policy: PasswordPolicy): PasswordProblem | undefined {
  const chars = [...plain];
  if (chars.length < policy.minLength) return { key: 'auth.passwordTooShort', params: { min: policy.minLength } };
  if (policy.rejectRepeated && new Set(chars).size <= 1) return { key: 'auth.passwordRepeated', params: {} };
  if (policy.rejectUsername && username !== '' && plain.toLowerCase() === username.toLowerCase()) return { key: 'auth.passwordIsUsername', params: {} };
  if (policy.rejectCommon && COMMON_PASSWORDS.has(plain.toLowerCase())) return { key: 'auth.passwordCommon', params: {} };
  return undefined;
}
