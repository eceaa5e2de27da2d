import '../../../shared/testing/jsdom-polyfills';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { ImportDialog } from './import-dialog';

/** Issue 28 item 17: the import dialog picks its file with antd's Upload, not the browser's native button. */
describe('user import dialog', () => {
  beforeEach(() => act(() => i18n.changeLanguage('en-US')));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a themed picker, lists the chosen file and sends it only on Import', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify({ code: 200, msg: 'ok', data: { imported: 3, created: 1, updated: 1, unchanged: 1, errors: [] } })));
    vi.stubGlobal('fetch', fetchMock);
    render(<QueryClientProvider client={new QueryClient()}><App><ImportDialog open onClose={() => undefined} /></App></QueryClientProvider>);
    const picker = await screen.findByTestId('import-file');
    expect(picker.tagName).toBe('BUTTON');
    expect(picker.textContent).toBe('Choose file');
    const input = document.querySelector<HTMLInputElement>('.ant-upload input[type=file]')!;
    expect(input.style.display).toBe('none');
    expect(screen.getByTestId('dialog-save').hasAttribute('disabled')).toBe(true);

    const file = new File(['xlsx'], 'users.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByText('users.xlsx')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('dialog-save').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('dialog-save'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/sysUser/import');
    expect((init?.body as FormData).get('file')).toBeInstanceOf(File);
    expect((await screen.findByTestId('import-success')).textContent).toContain('3 row(s) accepted: 1 created, 1 updated, 1 unchanged');
  });

  it('tells which columns it reads: those of the export, the department by name or path (issue 28 item 2)', async () => {
    render(<QueryClientProvider client={new QueryClient()}><App><ImportDialog open onClose={() => undefined} /></App></QueryClientProvider>);
    const hint = await screen.findByText(/The columns are those of the export/);
    expect(hint.textContent).toMatch(/department by name or path/);
    expect(hint.textContent).toMatch(/matched by user name/);
  });
});
