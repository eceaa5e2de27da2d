import { describe, expect, it } from 'vitest';
import { PasswordCipher } from './password-cipher.js';

describe('PasswordCipher', () => {
  const cipher = new PasswordCipher('1234567890abcdef');

  it('round-trips and matches AES-128-CBC with the key as IV', () => {
    expect(cipher.encrypt('123456')).toBe('HAzNr4ic534G4q7rIPGTYQ==' /* openssl enc -aes-128-cbc -K <key> -iv <key> */);
    expect(cipher.decrypt(cipher.encrypt('密码 with spaces'))).toBe('密码 with spaces');
  });

  it.each(['', 'QUJD', 'AAAAAAAAAAAAAAAAAAAAAA=='])('rejects %j as a client error', (bad) => {
    expect(() => cipher.decrypt(bad)).toThrow(expect.objectContaining({ code: 400 }));
  });

  it('refuses a key that is not 16 bytes', () => {
    expect(() => new PasswordCipher('short')).toThrow();
  });
});
