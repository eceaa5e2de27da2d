import { PUSH_PING_JSON, PUSH_PING_TEXT, PUSH_PONG_JSON, PUSH_PONG_TEXT } from '@sl/contracts';

/** The answer to a client's application-level ping ('ping' or {type:'ping'}), or undefined for anything else. */
export function pingReply(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === PUSH_PING_TEXT) return PUSH_PONG_TEXT;
  if (!trimmed.startsWith('{')) return undefined;
  try {
    const body = JSON.parse(trimmed) as { type?: unknown };
    return body?.type === PUSH_PING_JSON.type ? JSON.stringify(PUSH_PONG_JSON) : undefined;
  } catch {
    return undefined;
  }
}
