import { describe, expect, it } from 'vitest';
import { hashTerminalSecret, newTerminalSecret, verifyTerminalSecret } from './terminal-secret.js';

describe('terminal secrets', () => {
  it('verifies the secret it was made for and nothing else', () => {
    const { secret, hash } = newTerminalSecret();
    expect(Buffer.from(secret, 'base64url')).toHaveLength(24);
    expect(hash).toMatch(/^sha256\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(verifyTerminalSecret(secret, hash)).toBe(true);
    expect(verifyTerminalSecret(`${secret}x`, hash)).toBe(false);
    expect(verifyTerminalSecret(secret, '')).toBe(false);
    expect(verifyTerminalSecret(secret, 'sha256$salt$abc')).toBe(false);
  });

  it('salts every hash', () => {
    expect(hashTerminalSecret('same')).not.toBe(hashTerminalSecret('same'));
  });
});
