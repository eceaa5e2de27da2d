import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePaginationProps } from '../pagination';
import { FocusableScroll } from './focusable-scroll';

export interface PagedControl<T> {
  list: T[];
  total: number;
  loading: boolean;
  pageIndex: number;
  pageSize: number;
  onPageChange: (pageIndex: number, pageSize?: number) => void;
}

type PagedTableProps<T> = Omit<TableProps<T>, 'pagination' | 'dataSource'> & { paged: PagedControl<T>; 'data-testid'?: string };

/** antd Table wired to `usePagedQuery`, paged by the shared pagination settings, localised empty text. */
export function PagedTable<T extends object>({ paged, ...props }: PagedTableProps<T>) {
  const { t } = useTranslation();
  const pagination = usePaginationProps({ pageIndex: paged.pageIndex, pageSize: paged.pageSize, total: paged.total, onPageChange: paged.onPageChange });
  return (
    <FocusableScroll>
      <Table<T>
        data-testid="data-table"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={paged.loading}
        dataSource={paged.list}
        locale={{ emptyText: t('common.empty') }}
        {...props}
        pagination={pagination}
      />
    </FocusableScroll>
  );
}

/** The same look for tables without paging (trees). */
export function PlainTable<T extends object>(props: TableProps<T> & { 'data-testid'?: string }) {
  const { t } = useTranslation();
  return (
    <FocusableScroll>
      <Table<T> data-testid="data-table" size="middle" scroll={{ x: 'max-content' }} pagination={false} locale={{ emptyText: t('common.empty') }} {...props} />
    </FocusableScroll>
  );
}
