import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// Device secrets are 24 random bytes, not human passwords: a salted SHA-256 is as strong as bcrypt
// here and keeps reconnect storms of thousands of terminals cheap. sha256(salt + secret) in hex is
// also what EMQX's PostgreSQL authenticator computes (salt_position prefix), see docs/scale-out.md.
const SCHEME = 'sha256';

const digest = (salt: string, secret: string) => createHash('sha256').update(salt + secret).digest('hex');

/** Hashes a terminal secret as `sha256$<salt>$<hex>`. */
export function hashTerminalSecret(secret: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${SCHEME}$${salt}$${digest(salt, secret)}`;
}

/** A fresh secret for a terminal (shown once) and the hash to store in terminal.secret_hash. */
export function newTerminalSecret(): { secret: string; hash: string } {
  const secret = randomBytes(24).toString('base64url');
  return { secret, hash: hashTerminalSecret(secret) };
}

/** Compares in constant time; an empty or malformed hash never verifies. */
export function verifyTerminalSecret(secret: string, hash: string): boolean {
  const [scheme, salt, hex] = hash.split('$');
  if (scheme !== SCHEME || !salt || !hex || hex.length !== 64) return false;
  const expected = Buffer.from(hex, 'hex');
  const actual = Buffer.from(digest(salt, secret), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
