import { describe, expect, it } from 'vitest';
import { encryptedPassword } from '@sl/contracts';
import { decryptPassword, encryptPassword } from './encrypt-password';

const key = '1234567890abcdef';

describe('encryptPassword', () => {
  it('produces base64 the server accepts and that decrypts back', () => {
    const cipher = encryptPassword('123456', key);
    expect(encryptedPassword.safeParse(cipher).success).toBe(true);
    expect(cipher).not.toContain('123456');
    expect(decryptPassword(cipher, key)).toBe('123456');
  });
  it('is deterministic because the key doubles as IV', () => {
    expect(encryptPassword('密码 pw', key)).toBe(encryptPassword('密码 pw', key));
  });
  it('returns an empty string for garbage or a wrong key', () => {
    expect(decryptPassword('not-base64!', key)).toBe('');
    expect(decryptPassword('QUJD', key)).toBe('');
    expect(decryptPassword(encryptPassword('123456', key), 'fedcba0987654321')).toBe('');
  });
  // Written by crypto-js 4.2.0, which the console used before: the wire format is unchanged.
  it.each([
    ['sl-console-2024!', '123456', 'vNTJHmJgHjpaWe5ZmXygGg=='],
    ['1234567890abcdef', '密码 pw', 'o5hGmgFlz7+JBt2gp+h75g=='],
    ['1234567890abcdef', 'exactly16bytes!!', 'Wq3YuYwkn98OZrFYB2S+IvYOM/7EOi6yyRRHEN3RtDs='],
  ])('with key %j encrypts %j to the same text as before', (k, plain, cipher) => {
    expect(encryptPassword(plain, k)).toBe(cipher);
    expect(decryptPassword(cipher, k)).toBe(plain);
  });
});
