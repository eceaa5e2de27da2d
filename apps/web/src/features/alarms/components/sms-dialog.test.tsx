import '../../../shared/testing/jsdom-polyfills';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@sl/contracts';
import { i18n } from '../../../shared/i18n';
import { useSessionStore } from '../../../shared/stores/session-store';
import { SmsDialog } from './sms-dialog';

const USERS = { list: [{ userId: 2, username: 'wang', nickName: 'Wang', phone: '13800000002' }, { userId: 3, username: 'li', nickName: 'Li', phone: '' }], count: 2 };

/** Issue 28 item 5: an alarm is texted to the chosen people through `/api/v2/sms/send/alarm`. */
describe('send an alarm by SMS', () => {
  beforeEach(async () => {
    await act(() => i18n.changeLanguage('en-US'));
    useSessionStore.getState().setSession({ userId: 1, userName: 'operator', roles: ['admin'], permissions: ['*:*:*'] } as unknown as UserInfo, []);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSessionStore.getState().reset();
  });

  it('offers only users with a phone, asks for a recipient, then sends', async () => {
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => new Response(JSON.stringify({ code: 200, msg: 'ok', data: url.includes('sysUserList') ? USERS : null })));
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    render(<QueryClientProvider client={new QueryClient()}><App><SmsDialog alarmId={5} onClose={onClose} /></App></QueryClientProvider>);
    expect(await screen.findByText('Send alarm #5 by SMS')).toBeTruthy();
    fireEvent.click(screen.getByTestId('dialog-save'));
    expect(await screen.findByText('Please choose at least one recipient')).toBeTruthy();
    fireEvent.mouseDown(screen.getByTestId('field-sms-users').querySelector('input')!);
    fireEvent.click(await screen.findByText('Wang (13800000002)'));
    expect(screen.queryByText(/^Li /)).toBeNull();
    fireEvent.click(screen.getByTestId('dialog-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/v2/sms/send/alarm')!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({ alarmId: 5, userIds: [2] });
  });
});
