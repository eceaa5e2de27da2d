import '../testing/jsdom-polyfills';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { PagedTable, type PagedControl } from './paged-table';

const paged = (filters: object): PagedControl<{ id: number }> => ({ list: [], total: 0, loading: false, pageIndex: 1, pageSize: 20, onPageChange: () => undefined, filters });
const columns = [{ title: 'Id', dataIndex: 'id' }];

/** Issue 28 item 14: an empty list says why it is empty and what to do, never a bare "no data". */
describe('empty tables', () => {
  beforeEach(() => act(() => i18n.changeLanguage('zh-CN')));
  afterEach(cleanup);

  it('says the search found nothing and how to widen it when a filter is set', () => {
    render(<PagedTable paged={paged({ from: '2026-01-01T00:00:00.000Z', terminalId: undefined })} rowKey="id" columns={columns} empty={{ reason: 'never shown' }} />);
    expect(screen.getByTestId('empty-reason').textContent).toBe('没有符合搜索条件的记录');
    expect(screen.getByTestId('empty-hint').textContent).toContain('扩大时间范围');
  });

  it("gives the page's own reason without filters, and a general one in English by default", async () => {
    render(<PagedTable paged={paged({ terminalId: undefined, sn: '' })} rowKey="id" columns={columns} empty={{ reason: 'No heartbeat yet', hint: 'Widen the range' }} />);
    expect(screen.getByTestId('empty-reason').textContent).toBe('No heartbeat yet');
    expect(screen.getByTestId('empty-hint').textContent).toBe('Widen the range');
    cleanup();
    await act(() => i18n.changeLanguage('en-US'));
    render(<PagedTable paged={paged({})} rowKey="id" columns={columns} />);
    expect(screen.getByTestId('empty-reason').textContent).toBe('Nothing recorded here yet');
    expect(screen.getByTestId('empty-hint').textContent).not.toBe('');
  });
});
