import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LampAsset, LampAssetInput, LampType, LampTypeInput, LikelyToFail, PageResult, PoleRecord, WorkOrder } from '@sl/contracts';
import { downloadFile, http, type Params } from '../../../shared/request';
import type { PagedParams } from '../../../shared/table';

export type TypeFilters = { manufacturer?: string; model?: string; [key: string]: string | number | undefined };
export type LampFilters = { poleNo?: string; lampTypeId?: number; supplier?: string; warranty?: string; [key: string]: string | number | undefined };
export type PredictFilters = { [key: string]: string | number | undefined };
export interface TypeOption {
  lampTypeId: number;
  name: string;
  ratedPowerW: number;
}
export interface LampImportResult {
  imported: number;
  created: number;
  updated: number;
  errors: Array<{ row: number; messages: string[] }>;
}

export const lampTypesQuery = (params: PagedParams<TypeFilters>) =>
  queryOptions({ queryKey: ['assets', 'types', params] as readonly unknown[], queryFn: () => http.get<PageResult<LampType>>('/api/v1/asset/lamptype/list', params) });
export const typeOptionsQuery = () => queryOptions({ queryKey: ['assets', 'types', 'all'], queryFn: () => http.get<TypeOption[]>('/api/v1/asset/lamptype/all') });
export const lampsQuery = (params: PagedParams<LampFilters>) =>
  queryOptions({ queryKey: ['assets', 'lamps', params] as readonly unknown[], queryFn: () => http.get<PageResult<LampAsset>>('/api/v1/asset/lamp/list', params) });
export const predictQuery = (params: PagedParams<PredictFilters>) =>
  queryOptions({ queryKey: ['assets', 'predict', params] as readonly unknown[], queryFn: () => http.post<PageResult<LikelyToFail>>('/api/v1/asset/predict/list', params) });
export const poleQuery = (poleNo: string) =>
  queryOptions({ queryKey: ['assets', 'pole', poleNo], queryFn: () => http.get<PoleRecord>(`/api/v1/asset/pole/${encodeURIComponent(poleNo)}`), retry: false });
export const terminalSearch = (sn: string) =>
  http.get<PageResult<{ terminalId: number; sn: string; name: string; model: number }>>('/api/v1/terminal/list', { sn, pageIndex: 1, pageSize: 20 });
export const roundAssignees = (assetIds: number[]) => http.post<Array<{ userId: number; nickName: string; phone: string; deptName: string }>>('/api/v1/asset/predict/assignees', { assetIds });

function useAssetsMutation<A, R = unknown>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: ['assets'] }) });
}

export const useSaveLampType = () =>
  useAssetsMutation((input: LampTypeInput & { lampTypeId?: number }) => (input.lampTypeId ? http.put('/api/v1/asset/lamptype/update', input) : http.post('/api/v1/asset/lamptype/add', input)));
export const useDeleteLampTypes = () => useAssetsMutation((ids: readonly number[]) => http.delete(`/api/v1/asset/lamptype/del/${ids.join(',')}`));
export const useSaveLamp = () =>
  useAssetsMutation((input: LampAssetInput & { assetId?: number }) => (input.assetId ? http.put('/api/v1/asset/lamp/update', input) : http.post('/api/v1/asset/lamp/add', input)));
export const useDeleteLamps = () => useAssetsMutation((ids: readonly number[]) => http.delete(`/api/v1/asset/lamp/del/${ids.join(',')}`));
export const useCreateRound = () =>
  useAssetsMutation((body: { assetIds: number[]; assigneeId: number; radiusM: number; instruction: string }) => http.post<WorkOrder>('/api/v1/asset/predict/round', body));
export const useScoreNow = () => useAssetsMutation(() => http.post<{ lamps: number }>('/api/v1/asset/predict/run', {}));
export const useImportLamps = () =>
  useAssetsMutation((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return http.post<LampImportResult>('/api/v1/asset/lamp/import', form, { timeoutMs: 60_000 });
  });

export const exportLamps = (filters: Params) => downloadFile('/api/v1/asset/lamp/export', filters, 'lamps.xlsx');
export const downloadLampTemplate = () => downloadFile('/api/v1/asset/lamp/importTemplate', undefined, 'lamps-template.xlsx');
