import type { PaginationProps } from 'antd';
import type { TFunction } from 'i18next';
import { DEFAULT_PAGE_INDEX, DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@sl/contracts';
import { useTranslation } from 'react-i18next';

export interface PageControl {
  pageIndex?: number;
  pageSize?: number;
  total: number;
  onPageChange: (pageIndex: number, pageSize: number) => void;
}

/** antd pagination settings of spec §9: page sizes 10…500, 20 and page 1 by default, size changer, quick jumper, localised total. */
export const paginationProps = (t: TFunction, { pageIndex = DEFAULT_PAGE_INDEX, pageSize = DEFAULT_PAGE_SIZE, total, onPageChange }: PageControl): PaginationProps => ({
  current: pageIndex,
  pageSize,
  total,
  pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
  showSizeChanger: true,
  showQuickJumper: true,
  showTotal: (count) => t('common.total', { total: count }),
  onChange: onPageChange,
});

/** The same settings in the current language, for a Table's `pagination` prop. */
export function usePaginationProps(control: PageControl): PaginationProps {
  const { t } = useTranslation();
  return paginationProps(t, control);
}
