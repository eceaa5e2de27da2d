import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ControlTaskRow, EmergencyReach, EmergencyRow, PageResult, PlanCalendarDay, PlanRow, PolicyRow } from '@sl/contracts';
import { http } from '../../../shared/request';
import type { PagedParams } from '../../../shared/table';

export const plansQuery = (params: PagedParams<{ name?: string }>) =>
  queryOptions({ queryKey: ['plans', 'list', params] as readonly unknown[], queryFn: () => http.post<PageResult<PlanRow>>('/api/v1/plan/list', params) });
export const emergenciesQuery = (params: PagedParams<{ name?: string; state?: string }>) =>
  queryOptions({ queryKey: ['plans', 'emergency', params] as readonly unknown[], queryFn: () => http.post<PageResult<EmergencyRow>>('/api/v1/plan/emergency/query', params), refetchInterval: 10_000 });
export const activeEmergenciesQuery = () =>
  queryOptions({ queryKey: ['plans', 'emergency', 'active'], queryFn: () => http.post<PageResult<EmergencyRow>>('/api/v1/plan/emergency/query', { state: 'active', pageSize: 50 }), refetchInterval: 5_000 });
export const calendarQuery = (from: string, to: string) =>
  queryOptions({ queryKey: ['plans', 'calendar', from, to], queryFn: () => http.get<PlanCalendarDay[]>('/api/v1/plan/calendar', { from, to }) });
export const tasksQuery = (source: 'plan' | 'emergency', sourceId: number) => (params: PagedParams<{ state?: string }>) =>
  queryOptions({ queryKey: ['plans', 'tasks', source, sourceId, params] as readonly unknown[], queryFn: () => http.post<PageResult<ControlTaskRow>>('/api/v1/policy/task/list', { ...params, source, sourceId }), refetchInterval: 3_000 });
export const policyOptionsQuery = () =>
  queryOptions({ queryKey: ['plans', 'policies'], queryFn: () => http.post<PageResult<PolicyRow>>('/api/v1/policy/pageList', { pageSize: 500 }) });
function usePlansMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: ['plans'] }) });
}
export const useSavePlan = () => usePlansMutation((body: { id?: number } & Record<string, unknown>) => (body.id ? http.put<PlanRow>('/api/v1/plan/update', body) : http.post<PlanRow>('/api/v1/plan/add', body)));
export const useDeletePlan = () => usePlansMutation((id: number) => http.delete(`/api/v1/plan/del/${id}`));
export const useCancelEmergency = () => usePlansMutation((id: number) => http.post<EmergencyRow>(`/api/v1/plan/emergency/cancel/${id}`, {}));
/** `/plan/emergency/reach`: the terminals and lamps an emergency plan with these targets would reach. */
export const emergencyReach = (body: { groupMode: number; targetIds: number[] }) => http.post<EmergencyReach>('/api/v1/plan/emergency/reach', body);
export const useAddEmergency = () => usePlansMutation((body: object) => http.post<EmergencyRow>('/api/v1/plan/emergency/add', body));
/** `/policy/task/del`: removes the download records only (the terminals keep what they were sent). */
export const useDeleteTasks = () => usePlansMutation((ids: number[]) => http.delete(`/api/v1/policy/task/del/${ids.join(',')}`));
export const useResend = () => usePlansMutation((body: { source: 'plan' | 'emergency'; sourceId: number }) => http.post<{ count: number }>('/api/v1/policy/task/add', body));
