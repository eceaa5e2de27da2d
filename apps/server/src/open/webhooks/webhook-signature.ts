import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a signature's time may lie from the receiver's clock before it is refused (replays). */
export const SIGNATURE_TOLERANCE_S = 300;

const mac = (secret: string, t: number, body: string) => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

/** The `x-sl-signature` header of a body sent at `t` (unix seconds): `t=<t>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const signWebhook = (secret: string, body: string, t: number) => `t=${t},v1=${mac(secret, t, body)}`;

/** What a receiver does (docs/open-api.md): recompute the HMAC over `t.body`, compare in constant time, check the time. */
export function verifyWebhook(secret: string, body: string, header: string | undefined, nowS: number, toleranceS = SIGNATURE_TOLERANCE_S): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((kv) => kv.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '') || Math.abs(nowS - t) > toleranceS) return false;
  return timingSafeEqual(Buffer.from(parts.v1, 'hex'), Buffer.from(mac(secret, t, body), 'hex'));
}
