import { createHmac } from 'node:crypto';
import type { DeviceFamily } from '@sl/contracts';

/**
 * A terminal secret derived from a key: HMAC-SHA256(key, "family:sn") in base64url. The server registers
 * its demo terminals with secrets derived from DEMO_DEVICE_SECRET this way, so a fleet can sign in with
 * the key alone (`--derive-secret`).
 */
export function derivedTerminalSecret(key: string, family: DeviceFamily, sn: string): string {
  return createHmac('sha256', key).update(`${family}:${sn}`).digest('base64url');
}
