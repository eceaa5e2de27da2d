import '../../../shared/testing/jsdom-polyfills';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ControlTaskRow, UserInfo } from '@sl/contracts';
import { i18n } from '../../../shared/i18n';
import { useSessionStore } from '../../../shared/stores/session-store';
import { TasksDrawer } from './tasks-drawer';

const row = (id: number, terminalName: string): ControlTaskRow => ({
  id, source: 'plan', sourceId: 3, terminalId: id, terminalName, sn: `SN${id}`, cmd: 'plan', state: 'failed', attempts: 2, msg: '', updatedAt: '2024-05-01T08:00:00.000Z',
});
const TASKS = { list: [row(11, 'Lamp A'), row(12, 'Lamp B')], count: 2 };

const server = () => vi.fn(async (url: string, _init?: RequestInit) => new Response(JSON.stringify({ code: 200, msg: 'ok', data: url.includes('task/list') ? TASKS : null })));
const deletes = (fetchMock: ReturnType<typeof server>) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => url);

function renderDrawer(permissions: string[]) {
  useSessionStore.getState().setSession({ userId: 1, userName: 'operator', roles: ['operator'], permissions } as unknown as UserInfo, []);
  render(<QueryClientProvider client={new QueryClient()}><App><TasksDrawer source="plan" sourceId={3} title="Downloads" onClose={() => undefined} /></App></QueryClientProvider>);
}

/** Issue 28 item 10: download tasks are deleted (`/policy/task/del`) from their list, after a confirmation. */
describe('delete download tasks', () => {
  beforeEach(async () => {
    await act(() => i18n.changeLanguage('en-US'));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSessionStore.getState().reset();
  });

  it('asks first, then deletes one row; cancelling deletes nothing', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    renderDrawer(['plan:plan:query', 'plan:plan:remove']);
    fireEvent.click(await screen.findByTestId('task-delete-11'));
    expect(await screen.findByText('Delete "Lamp A · plan"?')).toBeTruthy(); // the confirm modal loads on first use
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Delete "Lamp A · plan"?')).toBeNull());
    expect(deletes(fetchMock)).toEqual([]);
    fireEvent.click(screen.getByTestId('task-delete-11'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(deletes(fetchMock)).toEqual(['/api/v1/policy/task/del/11']));
  });

  it('deletes the selected rows together', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    renderDrawer(['plan:plan:query', 'plan:plan:remove']);
    const table = await screen.findByTestId('data-table');
    await within(table).findByText('Lamp B');
    const button = screen.getByTestId('btn-delete-selected') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const boxes = within(table).getAllByRole('checkbox');
    fireEvent.click(boxes[0]); // the header box selects every row
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(await screen.findByText('Delete "Lamp A · plan", "Lamp B · plan"?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(deletes(fetchMock)).toEqual(['/api/v1/policy/task/del/11,12']));
  });

  it('offers no delete without the remove permission', async () => {
    vi.stubGlobal('fetch', server());
    renderDrawer(['plan:plan:query']);
    await screen.findByText('Lamp A');
    expect(screen.queryByTestId('task-delete-11')).toBeNull();
    expect(screen.queryByTestId('btn-delete-selected')).toBeNull();
  });
});
