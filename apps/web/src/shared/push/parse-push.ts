import type { PushMessage } from '@sl/contracts';

/** The message to process, or null for pongs, non-JSON text and any code other than 200 (spec §7). */
export function parsePush(data: unknown): PushMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const body = JSON.parse(data) as unknown;
    return body !== null && typeof body === 'object' && (body as PushMessage).code === 200 ? (body as PushMessage) : null;
  } catch {
    return null;
  }
}
