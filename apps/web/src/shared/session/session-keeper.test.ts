// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../cookies/token';
import { CHECK_EVERY_MS, IDLE_AFTER_MS, REFRESH_AHEAD_MS, startSessionKeeper } from './session-keeper';
import { tokenExpiry } from './token-expiry';

const jwt = (expSeconds: number) => `h.${btoa(JSON.stringify({ sub: 1, exp: expSeconds })).replace(/=+$/, '')}.s`;

describe('session keeper', () => {
  let stop: () => void = () => undefined;
  const refreshed = jwt(2_000_000_000);
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'success', data: { token: refreshed } }), { status: 200 }));
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000_000_000 });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockClear();
  });

  it('reads the expiry from the token', () => {
    expect(tokenExpiry(jwt(1234))).toBe(1_234_000);
    expect(tokenExpiry('not-a-jwt')).toBeUndefined();
    expect(tokenExpiry(undefined)).toBeUndefined();
  });

  it('exchanges the token of an active operator shortly before it expires, and keeps the new one', async () => {
    const current = jwt((Date.now() + REFRESH_AHEAD_MS + 3 * CHECK_EVERY_MS) / 1000);
    setToken(current);
    stop = startSessionKeeper();
    await vi.advanceTimersByTimeAsync(2 * CHECK_EVERY_MS);
    expect(fetchMock).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('keydown'));
    await vi.advanceTimersByTimeAsync(2 * CHECK_EVERY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/refreshtoken');
    expect((init.headers as Record<string, string>).Authorization).toBe(`Bearer ${current}`);
    expect(getToken()).toBe(refreshed);
  });

  it('leaves an idle operator\'s session to expire, so the spec\'s dialog appears at the next call', async () => {
    const current = jwt((Date.now() + IDLE_AFTER_MS + REFRESH_AHEAD_MS + 5 * CHECK_EVERY_MS) / 1000);
    setToken(current);
    stop = startSessionKeeper();
    await vi.advanceTimersByTimeAsync(IDLE_AFTER_MS + REFRESH_AHEAD_MS + 4 * CHECK_EVERY_MS);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getToken()).toBe(current);
  });

  it('keeps the token when the server refuses the exchange', async () => {
    fetchMock.mockImplementationOnce(async () => new Response(JSON.stringify({ code: 6401, msg: 'expired', data: null }), { status: 401 }));
    const current = jwt((Date.now() + CHECK_EVERY_MS * 5) / 1000);
    setToken(current);
    stop = startSessionKeeper();
    await vi.advanceTimersByTimeAsync(CHECK_EVERY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getToken()).toBe(current);
  });
});
