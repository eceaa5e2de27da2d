import { classifyResponse } from '../request';
import { buildInit, buildUrl, readJson } from '../request/build-request';
import { getToken } from '../cookies/token';
import { keepToken } from '../stores/keep-token';
import { tokenExpiry } from './token-expiry';

/** Exchange the token this long before it expires. */
export const REFRESH_AHEAD_MS = 10 * 60_000;
/** An operator who touched nothing for this long is idle: the session is left to expire (spec §8 dialog). */
export const IDLE_AFTER_MS = 30 * 60_000;
export const CHECK_EVERY_MS = 60_000;

const ACTIVITY = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Keeps an active operator signed in: shortly before the token expires, and only if the operator used the
 * console recently, it is exchanged at /refreshtoken. A refusal (session lifetime reached, account disabled)
 * changes nothing here: the next call meets the server's answer and the spec's dialog.
 */
export function startSessionKeeper(now: () => number = Date.now): () => void {
  let lastActive = now();
  let busy = false;
  const touch = () => {
    lastActive = now();
  };
  const check = async () => {
    const token = getToken();
    const expiry = tokenExpiry(token);
    if (busy || !token || expiry === undefined) return;
    if (expiry - now() > REFRESH_AHEAD_MS || now() - lastActive > IDLE_AFTER_MS || expiry <= now()) return;
    busy = true;
    try {
      const response = await fetch(buildUrl('/refreshtoken'), buildInit({ url: '/refreshtoken', method: 'POST' }));
      const body = (await readJson(response)) as { data?: { token?: string } } | null;
      if (classifyResponse(response.status, body).kind === 'ok' && body?.data?.token && getToken() === token) keepToken(body.data.token);
    } catch {
      // Offline for a moment: the next check tries again while the token lasts.
    } finally {
      busy = false;
    }
  };
  for (const type of ACTIVITY) window.addEventListener(type, touch, { passive: true, capture: true });
  const timer = window.setInterval(() => void check(), CHECK_EVERY_MS);
  return () => {
    window.clearInterval(timer);
    for (const type of ACTIVITY) window.removeEventListener(type, touch, { capture: true });
  };
}
