import '../../../shared/testing/jsdom-polyfills';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@sl/contracts';
import { i18n } from '../../../shared/i18n';
import { useSessionStore } from '../../../shared/stores/session-store';
import { MaintenanceForm } from './maintenance-form';

const server = () => vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify({ code: 200, msg: 'ok', data: { taskId: 1 } })));
const acting = (f: ReturnType<typeof server>) => f.mock.calls.map(([url, init]) => [url, init?.body ? JSON.parse(String(init.body)) : undefined]).filter(([url]) => /send\/set|checkpwd/.test(String(url)));

/** Issue 28 item 4 on the remote-settings page: initialise asks for the password; heartbeat interval and time are confirmed only. */
describe('remote settings: maintenance', () => {
  beforeEach(async () => {
    await act(() => i18n.changeLanguage('en-US'));
    useSessionStore.getState().setSession({ userId: 1, userName: 'operator', roles: ['admin'], permissions: ['*:*:*'] } as unknown as UserInfo, []);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSessionStore.getState().reset();
  });

  it('sends heartbeat interval and (after the password) initialise for the picked rdc4m terminal', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    client.setQueryData(['app-config'], { passwordKey: 'abcdefghijklmnop' });
    render(<QueryClientProvider client={client}><App><MaintenanceForm terminal={{ terminalId: 9, sn: 'X9', name: 'Cabinet 9', family: 'rdc4m' }} /></App></QueryClientProvider>);
    fireEvent.change(screen.getByTestId('setting-intervalS'), { target: { value: '120' } });
    fireEvent.click(screen.getByTestId('setting-heart-send'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(acting(fetchMock)).toContainEqual(['/api/v1/rdc4m/send/set/heart/info', { terminalId: 9, intervalS: 120 }]));
    fireEvent.click(screen.getByTestId('setting-init'));
    fireEvent.change(await screen.findByTestId('password-check-input'), { target: { value: 's3cret' } });
    fireEvent.click(screen.getByTestId('password-check-confirm'));
    expect(await screen.findByText(/returns to factory settings/)).toBeTruthy();
    fireEvent.click(screen.getAllByTestId('confirm-ok').at(-1)!);
    await waitFor(() => expect(acting(fetchMock)).toContainEqual(['/api/v1/rdc4m/send/set/init', { terminalId: 9 }]));
    expect(acting(fetchMock).map(([url]) => url).filter((u) => u === '/api/v1/user/checkpwd')).toHaveLength(1);
  });
});
