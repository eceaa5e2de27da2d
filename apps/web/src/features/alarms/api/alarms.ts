import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Alarm, AlarmDetail, AlarmKindInfo, AlarmLogRow, AlarmQuery, Assignee, MaintenanceSuggestion, PageResult, WorkOrder } from '@sl/contracts';
import { http } from '../../../shared/request';
import type { PagedParams } from '../../../shared/table';

export type AlarmFilters = Partial<Pick<AlarmQuery, 'status' | 'kind' | 'family' | 'sn' | 'deptId' | 'read'>> & { from?: string; to?: string };
export type AlarmLogFilters = { alarmId?: number; event?: string };

export const alarmKeys = { all: ['alarms'] as const, logs: ['alarm-logs'] as const, kinds: ['alarm-kinds'] as const };

export const alarmsQuery = (params: PagedParams<AlarmFilters>) =>
  queryOptions({ queryKey: [...alarmKeys.all, 'list', params] as readonly unknown[], queryFn: () => http.post<PageResult<Alarm>>('/api/v1/alarm/list', params) });

export const alarmLogsQuery = (params: PagedParams<AlarmLogFilters>) =>
  queryOptions({ queryKey: [...alarmKeys.logs, params] as readonly unknown[], queryFn: () => http.post<PageResult<AlarmLogRow>>('/api/v1/alarm/log/list', params) });

export function useAlarmDetail(alarmId: number | null) {
  return useQuery({
    queryKey: [...alarmKeys.all, 'detail', alarmId],
    enabled: alarmId !== null,
    queryFn: async () => {
      const [alarm, log, orders] = await Promise.all([
        http.get<AlarmDetail>(`/api/v1/alarm/info/${alarmId}`),
        http.post<PageResult<AlarmLogRow>>('/api/v1/alarm/log/list', { alarmId, pageSize: 100 }, { silent: true }).catch(() => null),
        http.post<PageResult<WorkOrder>>('/api/v1/dispatch/workorder/list', { alarmId, pageSize: 20 }, { silent: true }).catch(() => null),
      ]);
      return { alarm, log: log?.list ?? [], orders: orders?.list ?? [] };
    },
  });
}

export function useAlarmKinds() {
  return useQuery({ queryKey: alarmKeys.kinds, queryFn: () => http.get<AlarmKindInfo[]>('/api/v1/alarm/desc/list'), staleTime: Infinity });
}

function useAlarmMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmKeys.all }) });
}

export const useMarkRead = () => useAlarmMutation((alarmIds: number[]) => http.post<{ marked: number }>('/api/v1/alarm/number/batch', { alarmIds }));
export const useMarkAllRead = () => useAlarmMutation(() => http.post<{ marked: number }>('/api/v1/alarm/number/clear'));
export const useAddAlarm = () => useAlarmMutation((body: { terminalId: number; kind: string; message: string }) => http.post<AlarmDetail>('/api/v1/alarm/add', body));
/** `PUT /alarm/update`: an alarm's description (its status moves only through work orders). */
export const useUpdateAlarm = () => useAlarmMutation((body: { alarmId: number; message: string }) => http.put<Alarm>('/api/v1/alarm/update', body));
export const useDispatch = () =>
  useAlarmMutation((body: { alarmIds: number[]; assigneeId: number; priority: number; dueAt: string | null; instruction: string }) => http.post<WorkOrder>('/api/v1/dispatch/workorder/add', body));

export const getAssignees = (alarmIds: number[]) => http.post<Assignee[]>('/api/v1/dispatch/workorder/assignees', { alarmIds });
/** The maintenance units (control's maintenance sets) that look after the alarms' terminals. */
export const getMaintenanceUnits = (alarmIds: number[]) => http.post<MaintenanceSuggestion[]>('/api/v1/maintenance/set/suggest', { alarmIds }, { silent: true });
export const deleteAlarmLogs = (logIds: number[]) => http.post<{ deleted: number }>('/api/v1/alarm/log/del', { logIds });
