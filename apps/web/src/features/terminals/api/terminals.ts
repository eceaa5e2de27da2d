import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BatchCommandBody, BatchSent, DeviceFamily, EnterpriseOption, ManautoOverview, PageResult, TerminalInput, TerminalListItem, TerminalStatusUpdate, TerminalRegistration, TerminalTab, TerminalUpdate, TerminalWithSecret } from '@sl/contracts';
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

/** Counts behind the list's status tabs, in the caller's data scope. */
export const useTerminalTabs = () => useQuery({ queryKey: ['terminals', 'tab'], queryFn: () => http.get<TerminalTab>('/api/v1/terminal/tab') });
/** Terminals by manual/auto control, online, with a program and under an emergency override. */
export const useManautoOverview = () => useQuery({ queryKey: ['terminals', 'manauto'], queryFn: () => http.get<ManautoOverview>('/api/v1/queryManautoData') });
/** Enabled enterprises, for the terminal form's select. */
export const useEnterpriseOptions = () => useQuery({ queryKey: ['terminals', 'enterprise-options'], queryFn: () => http.get<EnterpriseOption[]>('/api/v1/enterpriseAll'), staleTime: 60_000 });
/** `/terminal/registered`: changes the registration; the answer carries a new device secret only when one was issued. */
export const useRegisterTerminal = () =>
  useTerminalMutation((body: { terminalId: number; registerState: 1 | 2; regenerateSecret: boolean }) => http.put<TerminalRegistration>('/api/v1/terminal/registered', body));
