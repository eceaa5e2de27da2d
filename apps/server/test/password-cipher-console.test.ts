import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PasswordCipher } from '../src/auth/password-cipher.js';

// The console's own module, loaded at run time: the server's TypeScript project does not include the web app.
const consoleModule = path.resolve(import.meta.dirname, '../../web/src/shared/crypto/encrypt-password.ts');
type ConsoleCrypto = { encryptPassword(plain: string, key: string): string; decryptPassword(cipher: string, key: string): string };
const web = (await import(consoleModule)) as ConsoleCrypto;

// Written by crypto-js 4.2.0, which the console used before it moved to @noble/ciphers.
const vectors = [
  ['sl-console-2024!', '123456', 'vNTJHmJgHjpaWe5ZmXygGg=='],
  ['1234567890abcdef', '密码 pw', 'o5hGmgFlz7+JBt2gp+h75g=='],
  ['sl-console-2024!', 'Admin@2024#x', 'AKc9y95sm/qmkyir9s1r4g=='],
  ['1234567890abcdef', 'exactly16bytes!!', 'Wq3YuYwkn98OZrFYB2S+IvYOM/7EOi6yyRRHEN3RtDs='],
  ['sl-console-2024!', 'ä', 'T/J0c+8rXg03SUiO8uT2mg=='],
] as const;

describe("the console's password encryption and the server's", () => {
  it.each(vectors)('with key %j agree on %j', (key, plain, cipher) => {
    const server = new PasswordCipher(key);
    expect(web.encryptPassword(plain, key)).toBe(cipher);
    expect(server.decrypt(cipher)).toBe(plain);
    expect(server.encrypt(plain)).toBe(cipher);
    expect(web.decryptPassword(server.encrypt(plain), key)).toBe(plain);
  });

  it('agree on every length across the block boundaries', () => {
    const server = new PasswordCipher('sl-console-2024!');
    for (let n = 1; n <= 40; n++) {
      const plain = 'pw密'.repeat(n).slice(0, n);
      expect(server.decrypt(web.encryptPassword(plain, 'sl-console-2024!'))).toBe(plain);
    }
  });
});
