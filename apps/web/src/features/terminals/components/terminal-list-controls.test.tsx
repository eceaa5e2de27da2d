import '../../../shared/testing/jsdom-polyfills';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, Form } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Terminal, UserInfo } from '@sl/contracts';
import { i18n } from '../../../shared/i18n';
import { useSessionStore } from '../../../shared/stores/session-store';
import { ControlProgram } from '../detail/control-program';
import { RegistrationDialog } from './registration-dialog';
import { TerminalFormFields } from './terminal-form-fields';
import { TerminalTabs } from './terminal-tabs';

const TAB = { total: 30, online: 20, offline: 8, abnormal: 2, inFactory: 1, warehouse: 3, inUse: 24, underRepair: 1, scrapped: 1 };
const MANAUTO = { total: 29, manual: 4, auto: 25, online: 20, bound: 12, overridden: 0 };
const DEFAULT_STRATEGY = { id: 3, kind: 'strategy', name: 'Dusk to dawn', deptId: null, isDefault: true, data: {}, terminalCount: 0, createdAt: '' };

/** Answers by path; records every call. */
const server = (answers: Record<string, unknown>) =>
  vi.fn(async (url: string, _init?: RequestInit) => {
    const path = Object.keys(answers).find((p) => url.includes(p));
    return new Response(JSON.stringify({ code: 200, msg: 'ok', data: path ? answers[path] : null }));
  });

function renderWith(node: React.ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>{node}</App>
    </QueryClientProvider>,
  );
}

describe('terminal list and detail controls (issue 28 items 6, 7, 8, 10)', () => {
  beforeEach(async () => {
    await act(() => i18n.changeLanguage('en-US'));
    useSessionStore.getState().setSession({ userId: 1, userName: 'operator', roles: ['admin'], permissions: ['*:*:*'] } as unknown as UserInfo, []);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSessionStore.getState().reset();
  });

  it('shows the status tabs with their counts and the manual/auto summary; a tab filters the list', async () => {
    vi.stubGlobal('fetch', server({ '/terminal/tab': TAB, '/queryManautoData': MANAUTO }));
    const onFilter = vi.fn();
    renderWith(<TerminalTabs filters={{ status: 6 }} onFilter={onFilter} />);
    expect((await screen.findByText('Offline (8)')).textContent).toBe('Offline (8)');
    expect(screen.getByTestId('terminal-tab-underRepair').textContent).toBe('Under repair (1)');
    expect(screen.getByTestId('manauto-summary').textContent).toContain('Manual 4');
    fireEvent.click(screen.getByTestId('terminal-tab-offline'));
    expect(onFilter).toHaveBeenLastCalledWith({ onlineState: 2, status: 6 });
    fireEvent.click(screen.getByTestId('terminal-tab-scrapped'));
    expect(onFilter).toHaveBeenLastCalledWith({ status: 5 });
  });

  it('re-issues the device secret and shows it once', async () => {
    const fetchMock = server({ '/terminal/registered': { terminalId: 7, registerState: 1, secret: 'NEW-SECRET-123' } });
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<RegistrationDialog terminal={{ terminalId: 7, name: 'Lamp 7', sn: 'SN7', family: 'rdcsm', registerState: 1 } as Terminal} onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('field-regenerateSecret'));
    expect(await screen.findByText(/The old secret stops working at once/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('dialog-save'));
    expect((await screen.findByTestId('terminal-secret')).textContent).toBe('NEW-SECRET-123');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/v1/terminal/registered')!;
    expect(call[1]?.method).toBe('PUT');
    expect(JSON.parse(String(call[1]?.body))).toEqual({ terminalId: 7, registerState: 1, regenerateSecret: true });
  });

  it("offers the enterprises in the terminal form", async () => {
    vi.stubGlobal('fetch', server({ '/enterpriseAll': [{ enterpriseId: 4, name: 'City Lighting Co', code: 'CL' }], '/dept': [] }));
    renderWith(<Form><TerminalFormFields isNew={false} /></Form>);
    fireEvent.mouseDown(screen.getByTestId('field-enterpriseId').querySelector('input')!);
    expect(await screen.findByText('City Lighting Co')).toBeTruthy();
    expect(screen.getByText('Enterprise')).toBeTruthy();
  });

  it("shows today's plans and names the default strategy as such", async () => {
    vi.stubGlobal('fetch', server({ '/strategy/set/terminal/info/7': { terminalId: 7, strategy: null, default: DEFAULT_STRATEGY }, '/plan/calendar': [{ date: '2026-01-01', plans: [] }] }));
    renderWith(<ControlProgram terminalId={7} />);
    await waitFor(() => expect(screen.getByTestId('terminal-strategy').textContent).toBe('Dusk to dawn Default strategy'));
    expect(screen.getByTestId('terminal-plan').textContent).toBe('No plan today');
  });

  it('shows a plan the terminal runs today and its own strategy', async () => {
    vi.stubGlobal('fetch', server({ '/strategy/set/terminal/info/7': { terminalId: 7, strategy: { id: 5, name: 'Park nights', policyId: 2 }, default: DEFAULT_STRATEGY }, '/plan/calendar': [{ date: '2026-01-01', plans: [{ id: 1, name: 'Festival', policyId: 2, policyName: 'Bright', steps: 2 }] }] }));
    renderWith(<ControlProgram terminalId={7} />);
    await waitFor(() => expect(screen.getByTestId('terminal-plan').textContent).toBe('Festival (Bright)'));
    expect(screen.getByTestId('terminal-strategy').textContent).toBe('Park nights');
  });
});
