import { Pagination, type PaginationProps } from 'antd';
import { usePaginationProps, type PageControl } from './pagination-props';

type AppPaginationProps = PageControl & Omit<PaginationProps, 'current' | 'pageSize' | 'total' | 'onChange'>;

/** The shared pagination control (spec §2, §9) for lists that are not antd Tables; extra Pagination props pass through. */
export function AppPagination({ pageIndex, pageSize, total, onPageChange, ...rest }: AppPaginationProps) {
  const props = usePaginationProps({ pageIndex, pageSize, total, onPageChange });
  return <Pagination data-testid="pagination" align="end" {...props} {...rest} />;
}
