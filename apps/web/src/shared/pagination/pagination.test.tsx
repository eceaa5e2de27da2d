import '../testing/jsdom-polyfills';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { PagedTable } from '../table';
import { AppPagination } from './app-pagination';
import { paginationProps } from './pagination-props';

describe('shared pagination', () => {
  beforeEach(() => i18n.changeLanguage('zh-CN'));
  afterEach(cleanup);

  it('uses the page sizes and defaults of spec §9', () => {
    const props = paginationProps(i18n.t, { total: 3, onPageChange: () => {} });
    expect(props).toMatchObject({ current: 1, pageSize: 20, showSizeChanger: true, showQuickJumper: true });
    expect(props.pageSizeOptions).toEqual(['10', '20', '30', '50', '100', '200', '500']);
  });

  it('shows the total in both languages and reports page changes', async () => {
    const change = vi.fn();
    render(<AppPagination total={45} pageIndex={1} pageSize={20} onPageChange={change} />);
    expect(screen.getByText('共 45 条')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    expect(change).toHaveBeenCalledWith(2, 20);
    await i18n.changeLanguage('en-US');
    cleanup();
    render(<AppPagination total={45} onPageChange={change} />);
    expect(screen.getByText('45 in total')).toBeTruthy();
  });

  it('pages the shared table the same way', () => {
    const change = vi.fn();
    const paged = { list: [{ id: 1 }], total: 61, loading: false, pageIndex: 1, pageSize: 30, onPageChange: change };
    render(<PagedTable rowKey="id" columns={[{ dataIndex: 'id', title: 'ID' }]} paged={paged} />);
    expect(screen.getByText('共 61 条')).toBeTruthy();
    expect(screen.getByTitle('3')).toBeTruthy();
    fireEvent.click(screen.getByTitle('3'));
    expect(change).toHaveBeenCalledWith(3, 30);
  });
});
