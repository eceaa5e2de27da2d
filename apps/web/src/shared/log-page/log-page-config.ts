import type { ReactNode } from 'react';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { Params } from '../request';
import type { EmptyReason } from '../table/empty-state';

/** One labelled value of the detail view. */
export interface DetailItem {
  label: string;
  value: ReactNode;
}

/**
 * One log page: where its rows come from and how they show. The page adds the terminal column (linked to
 * the terminal's detail), the terminal and time-range filters, paging, the states and the detail view.
 */
export interface LogPageConfig<T> {
  /** Query-key root, unique per page. */
  key: string;
  /** The paged list (`pageIndex`, `pageSize`, `terminalId`, `from`, `to`). */
  path: string;
  rowKey: keyof T & string;
  /** The row's own columns; the terminal column comes first on its own. */
  columns: (t: TFunction) => ColumnsType<T>;
  /** The detail view's items; without it every field of the row is shown. */
  detail?: (t: TFunction, row: T) => DetailItem[];
  /** Fixed query parameters (a family, a command). */
  params?: Params;
  /** Extra filter fields of the search form, keyed by the query parameter they set. */
  filters?: (t: TFunction) => ReactNode;
  /** The column the time range applies to, shown as the filter's label. */
  timeLabel?: (t: TFunction) => string;
  /** What the list holds and where else to look, shown when it is empty without filters. */
  empty?: (t: TFunction) => EmptyReason;
}

/** A terminal reference on each row, as every record list sends it. */
export interface TerminalRow {
  terminalId: number;
  terminalName: string;
  sn: string;
}
