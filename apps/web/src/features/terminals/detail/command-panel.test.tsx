import '../../../shared/testing/jsdom-polyfills';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Terminal, UserInfo } from '@sl/contracts';
import { i18n } from '../../../shared/i18n';
import { useSessionStore } from '../../../shared/stores/session-store';
import { useTaskFollower } from '../../../shared/task';
import { CommandPanel } from './command-panel';

const TERMINAL = { terminalId: 7, name: 'Lamp 7', family: 'rdcsm', model: 2 } as Terminal;
const server = () => vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify({ code: 200, msg: 'ok', data: { taskId: 1 } })));
const acting = (fetchMock: ReturnType<typeof server>) => fetchMock.mock.calls.map(([url, init]) => [url, init?.body ? JSON.parse(String(init.body)) : undefined]).filter(([url]) => /send\/set|checkpwd/.test(String(url)));

function Panel() {
  const follower = useTaskFollower();
  return <CommandPanel terminal={TERMINAL} follower={follower} />;
}

function renderPanel() {
  const client = new QueryClient();
  client.setQueryData(['app-config'], { passwordKey: 'abcdefghijklmnop' });
  render(
    <QueryClientProvider client={client}>
      <App><Panel /></App>
    </QueryClientProvider>,
  );
}

/** Issue 28 item 4: initialise (password first, on any model), heartbeat interval and the terminal's time from the detail's commands. */
describe('terminal detail maintenance commands', () => {
  beforeEach(async () => {
    await act(() => i18n.changeLanguage('en-US'));
    useSessionStore.getState().setSession({ userId: 1, userName: 'operator', roles: ['admin'], permissions: ['*:*:*'] } as unknown as UserInfo, []);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSessionStore.getState().reset();
  });

  it('initialises a single lamp only after the password check and a confirmation', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    renderPanel();
    fireEvent.click(screen.getByTestId('cmd-init'));
    fireEvent.change(await screen.findByTestId('password-check-input'), { target: { value: 's3cret' } });
    fireEvent.click(screen.getByTestId('password-check-confirm'));
    expect(await screen.findByText(/returns to factory settings/)).toBeTruthy();
    expect(acting(fetchMock).map(([url]) => url)).toEqual(['/api/v1/user/checkpwd']);
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(acting(fetchMock)).toContainEqual(['/api/v1/rdcsm/send/set/init', { terminalId: 7 }]));
  });

  it('sends nothing when the password check of initialise is cancelled', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    renderPanel();
    fireEvent.click(screen.getByTestId('cmd-init'));
    fireEvent.click(await screen.findByTestId('password-check-cancel'));
    await waitFor(() => expect(screen.queryByTestId('password-check-input')).toBeNull());
    expect(acting(fetchMock)).toEqual([]);
  });

  it('sets the heartbeat interval and reads the terminal time after a confirmation, without a password', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    renderPanel();
    fireEvent.click(screen.getByText('Heartbeat interval'));
    fireEvent.change(await screen.findByTestId('heart-interval'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('cmd-heartInterval'));
    expect(await screen.findByText('The heartbeat interval must be a whole number of 10 to 3600 seconds')).toBeTruthy();
    fireEvent.change(screen.getByTestId('heart-interval'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('cmd-heartInterval'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(acting(fetchMock)).toContainEqual(['/api/v1/rdcsm/send/set/heart/info', { terminalId: 7, intervalS: 30 }]));
    fireEvent.click(screen.getByTestId('cmd-timeRead'));
    await waitFor(() => expect(screen.getAllByTestId('confirm-ok').length).toBeGreaterThan(0));
    fireEvent.click(screen.getAllByTestId('confirm-ok').at(-1)!);
    await waitFor(() => expect(acting(fetchMock).map(([url]) => url)).toContain('/api/v1/rdcsm/send/set/time/7'));
    expect(acting(fetchMock).map(([url]) => url)).not.toContain('/api/v1/user/checkpwd');
  });
});
