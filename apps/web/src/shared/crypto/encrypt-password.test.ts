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
  });
});
