// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '../../../shared/cookies/token';
import { useSessionStore } from '../../../shared/stores/session-store';
import { changePasswordAndKeepSession } from './change-password';

describe('changePasswordAndKeepSession', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('goes on with the token the server returns, since the change ends the old one', async () => {
    document.cookie = 'Admin-Token=old-token; path=/';
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'password changed', data: { token: 'fresh-token', expire: 'x' } })));
    vi.stubGlobal('fetch', fetchMock);
    await changePasswordAndKeepSession({ oldPassword: 'old-pass', newPassword: 'new-pass-1', passwordKey: '1234567890abcdef' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/user/pwd');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer old-token');
    expect(getToken()).toBe('fresh-token');
    expect(useSessionStore.getState().token).toBe('fresh-token');
  });
});
