import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BoxInput, BoxUpdate, PageResult, Terminal, TerminalBox } from '@sl/contracts';
import { http } from '../../../shared/request';
import type { PagedParams } from '../../../shared/table';

export interface BoxFilters {
  name?: string;
  code?: string;
  [key: string]: string | number | undefined;
}
export interface BoxTerminalFilters {
  sn?: string;
  [key: string]: string | number | undefined;
}

export const boxesQuery = (params: PagedParams<BoxFilters>) =>
  queryOptions({ queryKey: ['boxes', 'list', params] as readonly unknown[], queryFn: () => http.get<PageResult<TerminalBox>>('/api/v1/terminal/box/list', params) });

/** Terminals mounted in the box. */
export const mountedQuery = (boxId: number) => (params: PagedParams<BoxTerminalFilters>) =>
  queryOptions({ queryKey: ['boxes', 'mounted', boxId, params] as readonly unknown[], queryFn: () => http.get<PageResult<Terminal>>('/api/v1/terminal/box/mount/list', { ...params, boxId }) });

/** Terminals in scope that are in no box. */
export const unmountedQuery = (params: PagedParams<BoxTerminalFilters>) =>
  queryOptions({ queryKey: ['boxes', 'unmounted', params] as readonly unknown[], queryFn: () => http.get<PageResult<Terminal>>('/api/v1/terminal/box/unMount/list', params) });

function useBoxMutation<A>(fn: (arg: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: ['boxes'] }) });
}

export const useSaveBox = () =>
  useBoxMutation((input: BoxInput | BoxUpdate) => ('boxId' in input ? http.put('/api/v1/terminal/box/update', input) : http.post('/api/v1/terminal/box/add', input)));
export const useDeleteBoxes = () => useBoxMutation((ids: readonly number[]) => http.delete(`/api/v1/terminal/box/del/${ids.join(',')}`));
export const useMount = () => useBoxMutation((body: { boxId: number; terminalIds: number[] }) => http.post('/api/v1/terminal/box/mount', body));
export const useUnmount = () => useBoxMutation((terminalIds: number[]) => http.post('/api/v1/terminal/box/unmount', { terminalIds }));
