import '../../shared/testing/jsdom-polyfills';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@sl/contracts';
import { i18n } from '../../shared/i18n';
import { useSessionStore } from '../../shared/stores/session-store';
import ApiClientsPage from './api-clients-page';

/** Issue 28 item 14: a page that opens empty on a new installation says why and what to do, not a bare "no data". */
describe('the API clients page without clients', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSessionStore.getState().reset();
  });

  it('says no other system can read the data yet and how to add a client, in both languages', async () => {
    useSessionStore.getState().setSession({ userId: 1, userName: 'admin', roles: ['admin'], permissions: ['*:*:*'] } as unknown as UserInfo, []);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'ok', data: [] }))));
    for (const [lang, reason, hint] of [
      ['en-US', "No API client yet: no other system can read this installation's data", /Add one client for each system/],
      ['zh-CN', '还没有接口客户端，其他系统无法读取本系统的数据', /为每个需要读取数据的系统/],
    ] as const) {
      await act(() => i18n.changeLanguage(lang));
      render(<QueryClientProvider client={new QueryClient()}><App><ApiClientsPage /></App></QueryClientProvider>);
      expect((await screen.findByTestId('empty-reason')).textContent).toBe(reason);
      expect(screen.getByTestId('empty-hint').textContent).toMatch(hint);
      cleanup();
    }
  });
});
