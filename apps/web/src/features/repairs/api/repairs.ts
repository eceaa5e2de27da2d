import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PageResult, RepairReplace, Terminal, TerminalPick, TerminalRepair } from '@sl/contracts';
import { http } from '../../../shared/request';
import type { PagedParams } from '../../../shared/table';

export interface RepairFilters {
  keyword?: string;
  [key: string]: string | number | undefined;
}

export const repairsQuery = (params: PagedParams<RepairFilters>) =>
  queryOptions({ queryKey: ['repairs', 'list', params] as readonly unknown[], queryFn: () => http.get<PageResult<TerminalRepair>>('/api/v1/terminal/repair/list', params) });

/** Spares: terminals in the factory or the warehouse whose serial number or name matches. */
export async function searchSpares(keyword: string): Promise<TerminalPick[]> {
  const page = await http.get<PageResult<Terminal>>('/api/v1/terminal/inventory/list', { pageIndex: 1, pageSize: 20, ...(keyword ? { sn: keyword } : {}) });
  return page.list.map(({ terminalId, sn, name, family }) => ({ terminalId, sn, name, family }));
}

export function useReplace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RepairReplace) => http.post<{ id: number }>('/api/v1/terminal/repair/replace', body),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['repairs'] }), client.invalidateQueries({ queryKey: ['terminal-picks'] })]),
  });
}
