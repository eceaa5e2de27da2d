import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { PageResult } from '@sl/contracts';
import { PageAnchors, clampPage, initialPagedState, toParams, withFilters, withPage, type Filters } from './paged-state';

export type PagedParams<F extends Filters> = F & { pageIndex: number; pageSize: number; afterId?: number };

/**
 * Paging + filter state bound to a TanStack query; `options(params)` is the feature's query options.
 * With `keyOf` (a list whose endpoint takes an `afterId` cursor and orders by that key), a page next to
 * one already seen is asked by cursor, which stays as fast on page 2,000 as on page 1.
 */
export function usePagedQuery<T, F extends Filters>(
  options: (params: PagedParams<F>) => UseQueryOptions<PageResult<T>, Error, PageResult<T>, readonly unknown[]>,
  initialFilters: F,
  initialPageSize?: number,
  keyOf?: (row: T) => number,
) {
  const [state, setState] = useState(() => initialPagedState(initialFilters, initialPageSize));
  const anchors = useRef(new PageAnchors()).current;
  const afterId = keyOf ? anchors.cursor(state) : undefined;
  const params: PagedParams<F> = afterId === undefined ? toParams(state) : { ...toParams(state), afterId };
  const query = useQuery({ ...options(params), placeholderData: keepPreviousData });
  const total = query.data?.count ?? 0;
  useEffect(() => {
    if (!query.data) return;
    const last = query.data.list.at(-1);
    if (keyOf && last !== undefined && !query.isPlaceholderData) anchors.seen(state, keyOf(last));
    setState((s) => clampPage(s, query.data.count));
    // Only a new answer records its page's last key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.data]);
  return {
    query,
    list: query.data?.list ?? [],
    total,
    loading: query.isFetching,
    params,
    filters: state.filters,
    pageIndex: state.pageIndex,
    pageSize: state.pageSize,
    setFilters: (filters: F) => setState((s) => withFilters(s, filters)),
    reset: () => setState((s) => withFilters(s, initialFilters)),
    onPageChange: (pageIndex: number, pageSize?: number) => setState((s) => withPage(s, pageIndex, pageSize)),
    refetch: query.refetch,
  };
}

export type PagedQuery<T, F extends Filters = Filters> = ReturnType<typeof usePagedQuery<T, F>>;
