import '../../shared/testing/jsdom-polyfills';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAVE_PERMISSION, type ReportMail, type UserInfo } from '@sl/contracts';
import { FeedbackApp } from '../../app/feedback-app';
import { i18n } from '../../shared/i18n';
import { useSessionStore } from '../../shared/stores/session-store';
import ReportMailPage from './mail-page';

const DEPTS = [{ deptId: 1, parentId: 0, deptName: 'City', children: [{ deptId: 2, parentId: 1, deptName: 'North' }] }];
const NORTH: ReportMail = { id: 7, deptId: 2, deptName: 'North', recipients: ['finance@city.test'], locale: 'en-US', enabled: true, lastMonth: '2026-10', lastError: '' };

/** The reports API's e-mails as stored: the list, and what the page posted and deleted. */
function server() {
  const posted: unknown[] = [];
  const deleted: string[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://console.test');
    let data: unknown = null;
    if (url.pathname === '/api/v1/dept') data = DEPTS;
    if (url.pathname === '/api/v1/reports/mails' && (init?.method ?? 'GET') === 'GET') data = { list: [NORTH], mailConfigured: false };
    if (url.pathname === '/api/v1/reports/mails' && init?.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      data = { id: 8 };
    }
    if (init?.method === 'DELETE') deleted.push(url.pathname);
    return new Response(JSON.stringify({ code: 200, msg: 'ok', data }));
  });
  return { fetchMock, posted, deleted };
}

async function renderPage(language: string) {
  await act(() => i18n.changeLanguage(language));
  useSessionStore.getState().setSession({ userId: 1, userName: 'admin', roles: ['admin'], permissions: ['report:mail:edit', SAVE_PERMISSION] } as unknown as UserInfo, []);
  render(<QueryClientProvider client={new QueryClient()}><FeedbackApp><ReportMailPage /></FeedbackApp></QueryClientProvider>);
  return screen.findByTestId('report-mail-table');
}

const typeTag = (input: HTMLElement, value: string) => {
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', keyCode: 13 });
};

/** Issue 29: an administrator chooses the departments and recipients of the monthly report e-mail in the console. */
describe('the monthly report e-mail page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSessionStore.getState().reset();
  });

  it('lists the e-mails, adds one only with valid addresses, and stops one after confirming', async () => {
    const { fetchMock, posted, deleted } = server();
    vi.stubGlobal('fetch', fetchMock);
    const table = await renderPage('en-US');
    const north = (await within(table).findByText('North')).closest('tr')!;
    expect(north.textContent).toContain('finance@city.test');
    expect(north.textContent).toContain('2026-10');
    expect(screen.getByTestId('report-mail-no-smtp').textContent).toContain('SMTP_URL');

    // Add: the City department, and its recipients, checked before anything is sent.
    fireEvent.click(screen.getByTestId('btn-add'));
    const dialog = await screen.findByTestId('form-dialog');
    fireEvent.mouseDown(within(dialog).getByTestId('field-deptId').querySelector('.ant-select-selector') ?? within(dialog).getByTestId('field-deptId'));
    fireEvent.click((await screen.findAllByTitle('City')).at(-1)!);
    fireEvent.click(screen.getByTestId('dialog-save'));
    expect(await within(dialog).findByText('Recipients is required')).toBeTruthy();
    const input = within(dialog).getByTestId('field-recipients').querySelector('input') ?? within(dialog).getByRole('combobox', { name: 'Recipients' });
    typeTag(input, 'not-an-address');
    fireEvent.click(screen.getByTestId('dialog-save'));
    expect(await within(dialog).findByText('Not an e-mail address: not-an-address')).toBeTruthy();
    expect(posted).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('field-recipients').querySelector('.ant-select-selection-item-remove')!);
    typeTag(input, 'ops@city.test');
    typeTag(input, 'mayor@city.test');
    fireEvent.click(screen.getByTestId('dialog-save'));
    await waitFor(() => expect(posted).toEqual([{ deptId: 1, recipients: ['ops@city.test', 'mayor@city.test'], locale: 'zh-CN', enabled: true }]));

    // Stop: asked first, naming the department.
    fireEvent.click(screen.getByTestId('mail-delete-7'));
    const question = await screen.findByText('Stop the monthly report e-mail of "North"?');
    expect(deleted).toHaveLength(0);
    fireEvent.click(within(question.closest('.ant-popover')! as HTMLElement).getByRole('button', { name: /ok|yes/i }));
    await waitFor(() => expect(deleted).toEqual(['/api/v1/reports/mails/7']));
  });

  it('speaks Chinese in a Chinese session', async () => {
    vi.stubGlobal('fetch', server().fetchMock);
    const table = await renderPage('zh-CN');
    await within(table).findByText('North');
    expect(table.textContent).toContain('收件人');
    expect(table.textContent).toContain('最近发送月份');
    expect(screen.getByTestId('report-mail-no-smtp').textContent).toContain('未配置邮件发送');
  });
});
