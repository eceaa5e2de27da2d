import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Leaflet, LeafletAction, LeafletQuery, LeafletReceiverOption, PageResult } from '@sl/contracts';
import { http } from '../../../shared/request';
import type { PagedParams } from '../../../shared/table';

export type LeafletFilters = Partial<Pick<LeafletQuery, 'title' | 'status' | 'overdue'>> & { scope: 'mine' | 'all' };
export interface LeafletInput {
  id?: number;
  title: string;
  instruction: string;
  groupMode: 1 | 2;
  targetIds: number[];
  receiverIds: number[];
  dueAt: string;
  deptId: number | null;
  remark: string;
}

const keys = { all: ['leaflets'] as const };

export const leafletsQuery = ({ scope, ...params }: PagedParams<LeafletFilters>) =>
  queryOptions({
    queryKey: [...keys.all, scope, params] as readonly unknown[],
    queryFn: () => http.post<PageResult<Leaflet>>(scope === 'mine' ? '/api/v1/dispatch/myDispatchList' : '/api/v1/dispatch/leaflet/list', params),
  });

export const receiverOptionsQuery = (keyword: string) =>
  queryOptions({ queryKey: [...keys.all, 'receivers', keyword], queryFn: () => http.get<LeafletReceiverOption[]>('/api/v1/dispatch/leaflet/receivers', keyword ? { keyword } : {}) });

function useLeafletMutation<A>(fn: (arg: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: keys.all }) });
}

export const useSaveLeaflet = () =>
  useLeafletMutation((l: LeafletInput) => (l.id ? http.put('/api/v1/dispatch/updateDistributeLeaflets', l) : http.post('/api/v1/dispatch/addDistributeLeaflets', l)));
/** Leaflets are deleted through the spec's shared `/policy/delData`. */
export const useDeleteLeaflet = () => useLeafletMutation((id: number) => http.post('/api/v1/policy/delData', { id }));
export const useLeafletReceipt = () =>
  useLeafletMutation(({ action, ...body }: { action: LeafletAction; id: number; note?: string }) => http.post<Leaflet>(`/api/v1/dispatch/leaflet/${action}`, body));
