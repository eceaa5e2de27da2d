import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BatchCommandBody, BatchSent, DeviceFamily, PageResult, TerminalInput, TerminalListItem, TerminalStatusUpdate, TerminalUpdate, TerminalWithSecret } from '@sl/contracts';
import { http } from '../../../shared/request';
import type { PagedParams } from '../../../shared/table';

export interface TerminalFilters {
  [key: string]: string | number | undefined;
  family?: DeviceFamily;
  model?: number;
  onlineState?: number;
  status?: number;
  manufacturer?: string;
  deptId?: number;
  registerState?: number;
  keyword?: string;
}

export const terminalsQuery = (params: PagedParams<TerminalFilters>) =>
  queryOptions({ queryKey: ['terminals', 'list', params] as readonly unknown[], queryFn: () => http.get<PageResult<TerminalListItem>>('/api/v1/terminal/list', params) });

function useTerminalMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: ['terminals'] }) });
}

export const useSaveTerminal = () =>
  useTerminalMutation(
    (input: TerminalInput | TerminalUpdate): Promise<TerminalWithSecret | TerminalListItem> =>
      'terminalId' in input ? http.put<TerminalListItem>('/api/v1/terminal/edit', input) : http.post<TerminalWithSecret>('/api/v1/terminal/add', input),
  );
export const useDeleteTerminals = () => useTerminalMutation((ids: readonly number[]) => http.delete(`/api/v1/terminal/del/${ids.join(',')}`));
export const useTerminalStatus = () => useTerminalMutation((body: TerminalStatusUpdate) => http.put('/api/v1/terminal/status/update', body));

export const sendBatch = (body: BatchCommandBody) => http.post<BatchSent>('/api/v1/terminal/batch/command', body);

/** Terminal names for pickers, searched on the server. */
export const useTerminalPicks = (keyword: string) =>
  useQuery({ queryKey: ['terminals', 'picks', keyword], queryFn: () => http.get<Array<{ terminalId: number; sn: string; name: string; family: string }>>('/api/v1/terminal/query', { keyword }) });
