import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlarmSet, AlarmSetInForce, AlarmSetInput, DeviceFamily, PageResult, SysUser } from '@sl/contracts';
import { http } from '../../../shared/request';
import type { PagedParams } from '../../../shared/table';

const key = ['alarm-sets'] as const;

export type AlarmSetFilters = { family?: DeviceFamily; deptId?: number };

/** The stored settings of the departments in the caller's data scope (`/alarm/set/list`). */
export const alarmSetsQuery = (params: PagedParams<AlarmSetFilters>) =>
  queryOptions({ queryKey: [...key, 'list', params] as readonly unknown[], queryFn: () => http.post<PageResult<AlarmSet>>('/api/v1/alarm/set/list', params) });

/** `/alarm/set/del`: the department's terminals follow the department above again, or the defaults. */
export function useDeleteAlarmSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setId: number) => http.post('/api/v1/alarm/set/del', { setId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** The settings in force for the caller's department (its own, the department above's, or the defaults). */
export function useAlarmSet(family: DeviceFamily) {
  return useQuery({ queryKey: [...key, family], queryFn: () => http.get<AlarmSetInForce>(`/api/v1/alarm/set/${family}/info`) });
}

/** Saves a department's settings of a family: adds them the first time, updates them after. */
export function useSaveAlarmSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ setId, ...body }: AlarmSetInput & { setId: number }) =>
      setId ? http.put<AlarmSet>('/api/v1/alarm/updateSet', { setId, ...body }) : http.post<AlarmSet>('/api/v1/alarm/addSet', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useResetAlarmSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (family: DeviceFamily) => http.post(`/api/v1/alarm/set/${family}/reset`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** Users with a phone number, for the people texted on a new alarm (empty without the user list permission). */
export function usePhoneUsers(enabled: boolean) {
  return useQuery({
    queryKey: ['alarm-set-users'],
    enabled,
    queryFn: async () => (await http.get<PageResult<SysUser>>('/api/v1/sysUserList', { pageSize: 500 }, { silent: true }).catch(() => ({ list: [] as SysUser[] }))).list.filter((u) => u.phone),
  });
}
