import { DEFAULT_PAGE_INDEX, DEFAULT_PAGE_SIZE } from '@sl/contracts';
import type { Params } from '../request';

export type Filters = Params;

export interface PagedState<F extends Filters> {
  pageIndex: number;
  pageSize: number;
  filters: F;
}

export const initialPagedState = <F extends Filters>(filters: F, pageSize = DEFAULT_PAGE_SIZE): PagedState<F> => ({
  pageIndex: DEFAULT_PAGE_INDEX,
  pageSize,
  filters,
});

/** New filters always start again from the first page. */
export const withFilters = <F extends Filters>(state: PagedState<F>, filters: F): PagedState<F> => ({ ...state, filters, pageIndex: DEFAULT_PAGE_INDEX });

/** A new page size also goes back to the first page, as the old index may no longer exist. */
export const withPage = <F extends Filters>(state: PagedState<F>, pageIndex: number, pageSize = state.pageSize): PagedState<F> =>
  pageSize === state.pageSize ? { ...state, pageIndex } : { ...state, pageSize, pageIndex: DEFAULT_PAGE_INDEX };

/** After deletions the current page may be past the end: step back to the last page that has rows. */
export const clampPage = <F extends Filters>(state: PagedState<F>, total: number): PagedState<F> => {
  const last = Math.max(DEFAULT_PAGE_INDEX, Math.ceil(total / state.pageSize));
  return state.pageIndex > last ? { ...state, pageIndex: last } : state;
};

/** Query parameters: paging plus the filters that hold a value (blank strings dropped, strings trimmed). */
export function toParams<F extends Filters>(state: PagedState<F>): F & { pageIndex: number; pageSize: number } {
  const filters = Object.fromEntries(
    Object.entries(state.filters)
      .map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v] as const)
      .filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as F;
  return { ...filters, pageIndex: state.pageIndex, pageSize: state.pageSize };
}

const anchorKey = <F extends Filters>(state: PagedState<F>) => JSON.stringify([state.filters, state.pageSize]);

/**
 * Keyset paging for lists that take an `afterId` cursor: the last key of each page seen under the current
 * filters, so the next (or an earlier) page is asked after that key instead of skipping rows by offset.
 * A jump to a page not yet seen goes by page number.
 */
export class PageAnchors {
  private key = '';
  private readonly after = new Map<number, number>();

  /** The cursor of the state's page: the last key of the page before it, when that page was seen with these filters. */
  cursor<F extends Filters>(state: PagedState<F>): number | undefined {
    return this.key === anchorKey(state) ? this.after.get(state.pageIndex) : undefined;
  }

  /** Records the last key of the state's page; other filters or another page size start afresh. */
  seen<F extends Filters>(state: PagedState<F>, lastKey: number): void {
    const key = anchorKey(state);
    if (key !== this.key) {
      this.key = key;
      this.after.clear();
    }
    this.after.set(state.pageIndex + 1, lastKey);
  }
}
