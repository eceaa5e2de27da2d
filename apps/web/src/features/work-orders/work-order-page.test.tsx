import '../../shared/testing/jsdom-polyfills';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@sl/contracts';
import { i18n } from '../../shared/i18n';
import { useSessionStore } from '../../shared/stores/session-store';
import WorkOrderPage from './work-order-page';

function open(permissions: string[]) {
  useSessionStore.getState().setSession({ userId: 4, userName: 'someone', roles: ['r'], permissions } as unknown as UserInfo, []);
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify({ code: 200, msg: 'ok', data: { list: [], count: 0 } })));
  vi.stubGlobal('fetch', fetchMock);
  render(<QueryClientProvider client={new QueryClient()}><App><WorkOrderPage /></App></QueryClientProvider>);
  return fetchMock;
}

/** Issue 28 item 13: the dispatcher, who reads the crews' completion times and photos, opens on every order. */
describe('the work order page opens', () => {
  beforeEach(() => act(() => i18n.changeLanguage('en-US')));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSessionStore.getState().reset();
  });

  it('on every order in scope for a dispatcher', async () => {
    const fetchMock = open(['alarm:alarm:query', 'alarm:alarm:dispatch', 'dispatch:workorder:query']);
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/v1/dispatch/workorder/list'));
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/v1/dispatch/workorder/mine');
    expect(screen.getByTitle('All orders').closest('.ant-segmented-item')?.className).toContain('ant-segmented-item-selected');
  });

  it('on its own orders for the crew', async () => {
    const fetchMock = open(['alarm:alarm:query', 'dispatch:workorder:query']);
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/v1/dispatch/workorder/mine'));
    expect(await screen.findByText('No orders assigned to you')).toBeTruthy();
  });
});
