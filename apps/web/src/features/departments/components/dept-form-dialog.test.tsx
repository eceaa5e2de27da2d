import '../../../shared/testing/jsdom-polyfills';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dept, UserInfo } from '@sl/contracts';
import { Form, Input } from 'antd';
import { i18n } from '../../../shared/i18n';
import { SearchForm } from '../../../shared/table';
import { useSessionStore } from '../../../shared/stores/session-store';
import { DeptFormDialog } from './dept-form-dialog';

const berlin: Dept = { deptId: 7, parentId: 0, deptPath: '/0/7', deptName: 'Berlin', sort: 0, leader: '', phone: '', email: '', status: '2', timeZone: 'Europe/Berlin', createdAt: '' };

function renderDialog(dept: Dept, withSearch = false) {
  const client = new QueryClient();
  client.setQueryData(['dept', 'tree'], [dept]);
  render(
    <QueryClientProvider client={client}>
      <App>
        {withSearch && (
          <SearchForm onSearch={() => undefined}>
            <Form.Item name="deptName" label="Name"><Input /></Form.Item>
            <Form.Item name="status" label="Status"><Input /></Form.Item>
          </SearchForm>
        )}
        <DeptFormDialog editing={{ dept, parentId: 0 }} onClose={() => undefined} />
      </App>
    </QueryClientProvider>,
  );
}

describe('the department form\'s time zone', () => {
  beforeEach(() => {
    useSessionStore.getState().setSession({ userId: 1, userName: 'admin', roles: ['admin'], permissions: ['*:*:*'] } as unknown as UserInfo, []);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSessionStore.getState().reset();
  });

  it('shows the department\'s zone under its label in both languages and sends it back on save', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify({ code: 200, msg: 'ok', data: null })));
    vi.stubGlobal('fetch', fetchMock);
    renderDialog(berlin);
    expect(await screen.findByText('Time zone')).toBeTruthy();
    expect(screen.getByTestId('form-dialog').textContent).toContain('Europe/Berlin');
    fireEvent.click(screen.getByTestId('dialog-save'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // The time zone picker also reads the zone dictionary: the save is the call to /api/v1/dept.
    const [url, init] = fetchMock.mock.calls.find(([u]) => u === '/api/v1/dept')!;
    expect(url).toBe('/api/v1/dept');
    expect(JSON.parse(String(init?.body))).toMatchObject({ deptId: 7, timeZone: 'Europe/Berlin' });
    cleanup();
    await act(() => i18n.changeLanguage('zh-CN'));
    renderDialog({ ...berlin, timeZone: null });
    expect(await screen.findByText('时区')).toBeTruthy();
    expect(screen.getByTestId('form-dialog').textContent).toContain('空：取上级部门的时区，否则按终端位置');
  });

  // Issue 28 item 17: the page's search form and the dialog hold fields of the same names.
  it('gives every element a unique id, so each label of the dialog names its own field', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    renderDialog(berlin, true);
    await screen.findByText('Time zone');
    const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const dialog = screen.getByTestId('form-dialog');
    const nameInput = screen.getByTestId('field-deptName');
    const label = [...dialog.querySelectorAll('label')].find((l) => l.htmlFor === nameInput.id);
    expect(label?.textContent).toBe('Department name');
  });
});
