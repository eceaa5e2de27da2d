import '../testing/jsdom-polyfills';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@sl/contracts';
import { decryptPassword } from '../crypto/encrypt-password';
import { i18n } from '../i18n';
import { setFeedbackApi } from '../request';
import { useSessionStore } from '../stores/session-store';
import { usePasswordCheck } from './use-password-check';

const KEY = 'abcdefghijklmnop';
const notify = vi.fn();
const messageError = vi.fn();
const reply = (body: unknown, status = 200) => vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));

function Guarded({ onResult }: { onResult: (confirmed: boolean) => void }) {
  const [checkPassword, dialog] = usePasswordCheck();
  return (
    <>
      <button onClick={() => void checkPassword().then(onResult)}>sensitive</button>
      {dialog}
    </>
  );
}

function renderGuarded(onResult = vi.fn()) {
  const client = new QueryClient();
  client.setQueryData(['app-config'], { passwordKey: KEY });
  render(
    <QueryClientProvider client={client}>
      <Guarded onResult={onResult} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByText('sensitive'));
  return onResult;
}

describe('password check', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    setFeedbackApi({ message: { error: messageError }, notification: { error: notify }, modal: { confirm: vi.fn() } } as never);
    useSessionStore.getState().setSession({ userId: 1, userName: 'operator', uniqueId: 'u', roles: ['admin'] } as unknown as UserInfo, []);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    useSessionStore.getState().reset();
  });

  it('shows the title, the account name and a required password', async () => {
    const fetchMock = reply({ code: 200, msg: 'ok', data: null });
    vi.stubGlobal('fetch', fetchMock);
    renderGuarded();
    expect(await screen.findByText('身份验证')).toBeTruthy();
    expect(screen.getByTestId('password-check-account').textContent).toBe('operator');
    fireEvent.change(screen.getByTestId('password-check-input'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('password-check-confirm'));
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the trimmed, encrypted password on Enter and resolves true', async () => {
    const fetchMock = reply({ code: 200, msg: 'password confirmed', data: null });
    vi.stubGlobal('fetch', fetchMock);
    const onResult = renderGuarded();
    const input = await screen.findByTestId('password-check-input');
    fireEvent.change(input, { target: { value: '  s3cret  ' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(true));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/user/checkpwd');
    expect(init?.method).toBe('POST');
    const { password } = JSON.parse(String(init?.body)) as { password: string };
    expect(password).not.toContain('s3cret');
    expect(decryptPassword(password, KEY)).toBe('s3cret');
  });

  it('shows a refusal once, as a notification, and stays open', async () => {
    vi.stubGlobal('fetch', reply({ code: 400, msg: 'Wrong password' }, 400));
    const onResult = renderGuarded();
    fireEvent.change(await screen.findByTestId('password-check-input'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByTestId('password-check-confirm'));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ title: 'Wrong password' }));
    expect(notify).toHaveBeenCalledTimes(1);
    expect(messageError).not.toHaveBeenCalled();
    expect(onResult).not.toHaveBeenCalled();
    expect(screen.getByTestId('password-check-input')).toBeTruthy();
  });

  it('resolves false on Cancel, in English too', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const onResult = renderGuarded();
    expect(await screen.findByText('Identity verification')).toBeTruthy();
    fireEvent.click(screen.getByText('Cancel'));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(false));
  });
});
