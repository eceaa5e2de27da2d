import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PageResult, PolicyRow, ProgramPreview, ProgramStep, SetKind, SetRow, TemplateRow } from '@sl/contracts';
import { http } from '../../../shared/request';
import type { PagedParams } from '../../../shared/table';

export type PolicyFilters = { name?: string; family?: string };
export type PolicyInput = Omit<PolicyRow, 'id' | 'kind' | 'deptName' | 'createdAt' | 'updatedAt'> & { id?: number };

export const policiesQuery = (params: PagedParams<PolicyFilters>) =>
  queryOptions({ queryKey: ['control', 'policies', params] as readonly unknown[], queryFn: () => http.post<PageResult<PolicyRow>>('/api/v1/policy/pageList', params) });

export const templatesQuery = (family: string) => (params: PagedParams<{ name?: string }>) =>
  queryOptions({ queryKey: ['control', 'templates', family, params] as readonly unknown[], queryFn: () => http.post<PageResult<TemplateRow>>(`/api/v1/policy/template/list/${family}`, params) });

export const allTemplatesQuery = (family?: string) =>
  queryOptions({ queryKey: ['control', 'templates', 'all', family], queryFn: () => http.get<TemplateRow[]>('/api/v1/query/template', family ? { family } : {}) });

export const setsQuery = (kind: SetKind) => (params: PagedParams<{ name?: string }>) =>
  queryOptions({ queryKey: ['control', 'sets', kind, params] as readonly unknown[], queryFn: () => http.post<PageResult<SetRow>>(`/api/v1/${kind}/set/list`, params) });

export const setDetail = (kind: SetKind, id: number) => http.get<SetRow & { terminalIds: number[] }>(`/api/v1/${kind}/set/info`, { id });

/** Electricity sets to price the preview with; silent, since a user may see policies without seeing tariffs. */
export const tariffOptionsQuery = () =>
  queryOptions({ queryKey: ['control', 'tariffs'], queryFn: () => http.post<PageResult<SetRow>>('/api/v1/electricity/set/list', { pageSize: 100 }, { silent: true }) });
export const previewQuery = (body: { steps: ProgramStep[]; lat: number; lng: number; date: string; timeZone: string; electricitySetId?: number; powerW?: number }) =>
  queryOptions({
    queryKey: ['control', 'preview', JSON.stringify(body)],
    queryFn: () => http.post<ProgramPreview>('/api/v1/policy/preview', body, { silent: true }),
    retry: false,
  });

function useControlMutation<A>(fn: (arg: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: ['control'] }) });
}

export const useSavePolicy = () => useControlMutation((p: PolicyInput) => (p.id ? http.put('/api/v1/policy/updateData', p) : http.post('/api/v1/policy/addData', p)));
export const useDeletePolicy = () => useControlMutation((id: number) => http.post('/api/v1/policy/delData', { id }));
export const useSaveTemplate = (family: string) =>
  useControlMutation((p: { id?: number; name: string; model: number; steps: ProgramStep[]; remark: string }) =>
    p.id ? http.put(`/api/v1/policy/template/modify/${family}`, p) : http.post(`/api/v1/policy/template/add/${family}`, p));
export const useDeleteTemplate = (family: string) => useControlMutation((id: number) => http.delete(`/api/v1/policy/template/delete/${family}`, { id }));
export const useSaveSet = (kind: SetKind) =>
  useControlMutation((p: Record<string, unknown>) => (p.id ? http.put(`/api/v1/${kind}/set/update`, p) : http.post(`/api/v1/${kind}/set/add`, p)));
export const useDeleteSets = (kind: SetKind) => useControlMutation((ids: number[]) => http.delete(`/api/v1/${kind}/set/del/${ids.join(',')}`));
