import '../../../shared/testing/jsdom-polyfills';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlarmSet, UserInfo } from '@sl/contracts';
import { defaultAlarmSet } from '@sl/contracts';
import { i18n } from '../../../shared/i18n';
import { useSessionStore } from '../../../shared/stores/session-store';
import { FeedbackApp } from '../../../app/feedback-app';
import { AlarmSetTable } from './alarm-set-table';

const DEPTS = [{ deptId: 1, parentId: 0, deptName: 'City', children: [{ deptId: 2, parentId: 1, deptName: 'North' }] }];
const set = (setId: number, deptId: number, family: 'rdcsm' | 'rdc4m'): AlarmSet => ({ ...defaultAlarmSet(family), setId, deptId, debounceS: 30, smsUserIds: [4, 5], updatedAt: '2024-05-01T08:00:00.000Z' });

/** A server holding the stored settings: `/alarm/set/list` filters them, `/alarm/set/del` removes one. */
function server() {
  let sets = [set(1, 1, 'rdcsm'), set(2, 2, 'rdc4m')];
  return vi.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    let data: unknown = null;
    if (url.startsWith('/api/v1/dept')) data = DEPTS;
    if (url === '/api/v1/alarm/set/del') sets = sets.filter((s) => s.setId !== body.setId);
    if (url === '/api/v1/alarm/set/list') {
      const list = sets.filter((s) => !body.family || s.family === body.family);
      data = { list, count: list.length };
    }
    return new Response(JSON.stringify({ code: 200, msg: 'ok', data }));
  });
}
const calls = (fetchMock: ReturnType<typeof server>, path: string) => fetchMock.mock.calls.filter(([url]) => url === path).map(([, init]) => JSON.parse(String(init?.body)));

async function renderTable(language: string, permissions: string[]) {
  await act(() => i18n.changeLanguage(language));
  useSessionStore.getState().setSession({ userId: 1, userName: 'operator', roles: ['operator'], permissions } as unknown as UserInfo, []);
  // Inside the signed-in shell's FeedbackApp, as on the alarm kinds page: the delete confirmation opens in this tree.
  // Without it, feedback.confirm falls back to a lazily imported static Modal, in tests a second copy of antd's
  // modal (antd/es) whose first load took over 10 s on two loaded cores, rendered in a root RTL does not unmount.
  render(<QueryClientProvider client={new QueryClient()}><FeedbackApp><AlarmSetTable /></FeedbackApp></QueryClientProvider>);
  const table = await screen.findByTestId('data-table');
  await within(table).findByText('North');
  return table;
}

/** Issue 28 item 9: the settings departments store are listed per department and family, and deleted after a confirmation. */
describe('stored alarm settings', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSessionStore.getState().reset();
  });

  it('lists each department and family, filters by family, and deletes only after confirming', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    const table = await renderTable('en-US', ['alarm:set:query', 'alarm:set:remove']);
    const north = within(table).getByText('North').closest('tr')!;
    expect(within(north).getByText('rdc4m')).toBeTruthy();
    expect(within(north).getByText('30 s')).toBeTruthy();
    expect(within(north).getByText('2 people')).toBeTruthy();
    expect(within(table).getByText('City').closest('tr')!.textContent).toContain('rdcsm');

    fireEvent.mouseDown(screen.getByTestId('search-family').querySelector('input')!);
    fireEvent.click((await screen.findAllByTitle('rdc4m')).at(-1)!);
    fireEvent.click(screen.getByTestId('btn-search'));
    await waitFor(() => expect(within(table).queryByText('City')).toBeNull());
    expect(calls(fetchMock, '/api/v1/alarm/set/list').at(-1)).toMatchObject({ family: 'rdc4m' });

    fireEvent.click(screen.getByTestId('alarm-set-delete-2'));
    const question = 'Delete the rdc4m alarm settings of North? Its terminals follow the department above, or the defaults.';
    expect(await screen.findByText(question)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(question)).toBeNull());
    expect(calls(fetchMock, '/api/v1/alarm/set/del')).toEqual([]);

    fireEvent.click(screen.getByTestId('alarm-set-delete-2'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(calls(fetchMock, '/api/v1/alarm/set/del')).toEqual([{ setId: 2 }]));
    await waitFor(() => expect(within(table).queryByText('North')).toBeNull());
    fireEvent.click(screen.getByTestId('btn-reset'));
    expect(await within(table).findByText('City')).toBeTruthy();
  }, 30_000);

  it('shows its labels in Chinese and offers no delete without the remove permission', async () => {
    vi.stubGlobal('fetch', server());
    const table = await renderTable('zh-CN', ['alarm:set:query']);
    expect(within(table).getAllByText('部门').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('新告警短信通知').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('2 人')).toHaveLength(2);
    expect(screen.queryByTestId('alarm-set-delete-1')).toBeNull();
  });
});
