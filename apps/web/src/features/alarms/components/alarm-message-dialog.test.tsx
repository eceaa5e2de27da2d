import '../../../shared/testing/jsdom-polyfills';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@sl/contracts';
import { i18n } from '../../../shared/i18n';
import { useSessionStore } from '../../../shared/stores/session-store';
import { AlarmDetailDrawer } from './alarm-detail-drawer';

/** A server holding one alarm whose description `PUT /alarm/update` changes. */
function server() {
  const alarm = {
    alarmId: 5, terminalId: 1, terminalName: 'Lamp 1', sn: 'SN1', deptId: 1, kind: 'overVoltage', severity: 2, status: 0, message: 'Voltage high',
    value: null, loop: null, phase: null, raisedAt: '2024-05-01T08:00:00.000Z', clearedAt: null, read: true, lng: null, lat: null, address: '', reading: null,
  };
  return vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/v1/alarm/update') alarm.message = JSON.parse(String(init?.body)).message;
    const data = url.startsWith('/api/v1/alarm/info/') || url === '/api/v1/alarm/update' ? alarm : { list: [], count: 0 };
    return new Response(JSON.stringify({ code: 200, msg: 'ok', data }));
  });
}

function renderDrawer(permissions: string[]) {
  useSessionStore.getState().setSession({ userId: 1, userName: 'operator', roles: ['operator'], permissions } as unknown as UserInfo, []);
  render(<MemoryRouter><QueryClientProvider client={new QueryClient()}><App><AlarmDetailDrawer alarmId={5} onClose={() => undefined} /></App></QueryClientProvider></MemoryRouter>);
}

/** Issue 28 item 10: an alarm's description is edited (`/alarm/update`) from its detail. */
describe("edit an alarm's description", () => {
  beforeEach(async () => {
    await act(() => i18n.changeLanguage('en-US'));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSessionStore.getState().reset();
  });

  it('starts from the current text, refuses an empty one, saves and shows the new one', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    renderDrawer(['alarm:alarm:query', 'alarm:alarm:edit', 'btn:save']);
    await waitFor(() => expect(screen.getByTestId('detail-message').textContent).toBe('Voltage high'));
    fireEvent.click(screen.getByTestId('btn-edit-message'));
    const field = (await screen.findByTestId('field-alarm-message')) as HTMLTextAreaElement;
    await waitFor(() => expect(field.value).toBe('Voltage high'));
    expect(screen.getByText('Edit the description of alarm #5')).toBeTruthy();
    fireEvent.change(field, { target: { value: '  ' } });
    fireEvent.click(screen.getByTestId('dialog-save'));
    expect(await screen.findByText('Description is required')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'Cabinet door found open by patrol' } });
    fireEvent.click(screen.getByTestId('dialog-save'));
    await waitFor(() => expect(screen.getByTestId('detail-message').textContent).toBe('Cabinet door found open by patrol'));
    const put = fetchMock.mock.calls.find(([url]) => url === '/api/v1/alarm/update')!;
    expect(put[1]?.method).toBe('PUT');
    expect(JSON.parse(String(put[1]?.body))).toEqual({ alarmId: 5, message: 'Cabinet door found open by patrol' });
  });

  it('offers no edit without the edit permission', async () => {
    vi.stubGlobal('fetch', server());
    renderDrawer(['alarm:alarm:query']);
    await waitFor(() => expect(screen.getByTestId('detail-message').textContent).toBe('Voltage high'));
    expect(screen.queryByTestId('btn-edit-message')).toBeNull();
  });
});
