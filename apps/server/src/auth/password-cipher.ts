import { createCipheriv, createDecipheriv } from 'node:crypto';
import { badRequest, text } from '../http/errors.js';

/**
 * The console encrypts passwords with AES-128-CBC, the key doubling as IV (spec §9).
 * This only keeps passwords out of casual logs; TLS is what protects them in transit.
 */
export class PasswordCipher {
  private readonly key: Buffer;

  constructor(key: string) {
    this.key = Buffer.from(key, 'utf8');
    if (this.key.length !== 16) throw new Error('PASSWORD_KEY must be 16 bytes');
  }

  encrypt(plain: string): string {
    const cipher = createCipheriv('aes-128-cbc', this.key, this.key);
    return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
  }

  decrypt(ciphertext: string): string {
    const data = Buffer.from(ciphertext, 'base64');
    if (data.length === 0 || data.length % 16 !== 0) throw badRequest(text('auth.badCiphertext'));
    try {
      const decipher = createDecipheriv('aes-128-cbc', this.key, this.key);
      const plain = Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
      if (plain.length === 0 || plain.length > 128 || plain.includes('\uFFFD')) throw new Error('bad plaintext');
      return plain;
    } catch {
      throw badRequest(text('auth.undecryptable'));
    }
  }
}
