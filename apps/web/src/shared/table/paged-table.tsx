import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePaginationProps } from '../pagination';
import { EmptyState, type EmptyReason } from './empty-state';
import { FocusableScroll } from './focusable-scroll';

export interface PagedControl<T> {
  list: T[];
  total: number;
  loading: boolean;
  pageIndex: number;
  pageSize: number;
  onPageChange: (pageIndex: number, pageSize?: number) => void;
  /** The search filters in force: with any set, an empty page says the filters found nothing. */
  filters?: object;
}

type PagedTableProps<T> = Omit<TableProps<T>, 'pagination' | 'dataSource'> & {
  paged: PagedControl<T>;
  /** What an empty list without filters means here and what to do; the default says nothing is recorded yet. */
  empty?: EmptyReason;
  'data-testid'?: string;
};

const isSet = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
/** Whether any search filter is set (paging is no filter). */
export const hasFilters = (filters?: object) => Object.values(filters ?? {}).some(isSet);

/** antd Table wired to `usePagedQuery`, paged by the shared pagination settings; an empty page says why and what to do. */
export function PagedTable<T extends object>({ paged, empty, ...props }: PagedTableProps<T>) {
  const { t } = useTranslation();
  const pagination = usePaginationProps({ pageIndex: paged.pageIndex, pageSize: paged.pageSize, total: paged.total, onPageChange: paged.onPageChange });
  const why = hasFilters(paged.filters)
    ? { reason: t('empty.filtered'), hint: t('empty.filteredHint') }
    : (empty ?? { reason: t('empty.none'), hint: t('empty.noneHint') });
  return (
    <FocusableScroll>
      <Table<T>
        data-testid="data-table"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={paged.loading}
        dataSource={paged.list}
        locale={{ emptyText: <EmptyState {...why} /> }}
        {...props}
        pagination={pagination}
      />
    </FocusableScroll>
  );
}

/** The same look for tables without paging (trees). */
export function PlainTable<T extends object>({ empty, ...props }: TableProps<T> & { empty?: EmptyReason; 'data-testid'?: string }) {
  const { t } = useTranslation();
  const why = empty ?? { reason: t('empty.none'), hint: t('empty.noneHint') };
  return (
    <FocusableScroll>
      <Table<T> data-testid="data-table" size="middle" scroll={{ x: 'max-content' }} pagination={false} locale={{ emptyText: <EmptyState {...why} /> }} {...props} />
    </FocusableScroll>
  );
}
