// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from './client';
import { setFeedbackApi } from './feedback';

const error = vi.fn();
const notify = vi.fn();
const confirm = vi.fn();
const reply = (status: number, body: unknown) =>
  vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));

describe('request', () => {
  beforeEach(() => {
    setFeedbackApi({ message: { error }, notification: { error: notify }, modal: { confirm } } as never);
    document.cookie = 'Admin-Token=abc; path=/';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('sends the bearer token and resolves the envelope on code 200', async () => {
    const fetchMock = reply(200, { code: 200, msg: 'ok', data: { a: 1 } });
    vi.stubGlobal('fetch', fetchMock);
    await expect(request({ url: '/api/v1/x', params: { p: 1 } })).resolves.toMatchObject({ data: { a: 1 } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/x?p=1');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc');
  });

  it('shows 400 for 5 s and rejects, reading the body of a non-2xx reply', async () => {
    vi.stubGlobal('fetch', reply(400, { code: 400, msg: 'Wrong username or password' }));
    await expect(request({ url: '/api/login', method: 'POST', data: {} })).rejects.toThrow('Wrong username or password');
    expect(error).toHaveBeenCalledWith({ content: 'Wrong username or password', duration: 5 });
  });

  it('resolves false on 6401 and opens a single dialog', async () => {
    vi.stubGlobal('fetch', reply(401, { code: 6401, msg: 'expired' }));
    await expect(request({ url: '/a' })).resolves.toBe(false);
    await expect(request({ url: '/b' })).resolves.toBe(false);
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it('leaves alone the session that signed in while a refused call of the one before was in flight', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/login', reload });
    for (const refusal of [{ code: 401, msg: 'unauthorized' }, { code: 6401, msg: 'expired' }]) {
      document.cookie = 'Admin-Token=old; path=/';
      vi.stubGlobal('fetch', vi.fn(async () => {
        // The answer comes after a sign-out and the next sign-in.
        document.cookie = 'Admin-Token=new; path=/';
        return new Response(JSON.stringify(refusal), { status: 401 });
      }));
      await expect(request({ url: '/api/v1/getinfo' })).rejects.toMatchObject({ code: refusal.code });
      expect(document.cookie).toContain('Admin-Token=new');
    }
    expect(reload).not.toHaveBeenCalled();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('on the sign-in page, a 401 of the current session reloads it', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/login', reload });
    vi.stubGlobal('fetch', reply(401, { code: 401, msg: 'unauthorized' }));
    await expect(request({ url: '/api/v1/getinfo' })).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(document.cookie).not.toContain('Admin-Token=abc');
  });

  it('notifies other codes and reports a network failure', async () => {
    vi.stubGlobal('fetch', reply(429, { code: 429, msg: 'Too many attempts' }));
    await expect(request({ url: '/a' })).rejects.toThrow('Too many attempts');
    expect(notify).toHaveBeenCalledWith({ title: 'Too many attempts' });
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    await expect(request({ url: '/a' })).rejects.toThrow('服务器连接异常，请检查服务器！');
  });

  it('treats an HTML error page as a transport error', async () => {
    vi.stubGlobal('fetch', reply(502, '<html>bad gateway</html>'));
    await expect(request({ url: '/a' })).rejects.toThrow('HTTP 502');
    expect(error).toHaveBeenCalledTimes(1);
  });
});
