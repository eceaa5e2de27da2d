import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { PageResult } from '@sl/contracts';
import { clampPage, initialPagedState, toParams, withFilters, withPage, type Filters } from './paged-state';

export type PagedParams<F extends Filters> = F & { pageIndex: number; pageSize: number };

/** Paging + filter state bound to a TanStack query; `options(params)` is the feature's query options. */
export function usePagedQuery<T, F extends Filters>(
  options: (params: PagedParams<F>) => UseQueryOptions<PageResult<T>, Error, PageResult<T>, readonly unknown[]>,
  initialFilters: F,
  initialPageSize?: number,
) {
  const [state, setState] = useState(() => initialPagedState(initialFilters, initialPageSize));
  const params = toParams(state);
  const query = useQuery({ ...options(params), placeholderData: keepPreviousData });
  const total = query.data?.count ?? 0;
  useEffect(() => {
    if (query.data) setState((s) => clampPage(s, query.data.count));
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
