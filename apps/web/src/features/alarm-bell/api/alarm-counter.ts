import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlarmCounter } from '@sl/contracts';
import { http } from '../../../shared/request';
import { usePermission } from '../../../shared/permission/access';

export const ALARM_QUERY_PERMISSION = 'alarm:alarm:query';
export const alarmCounterKey = ['alarms', 'number'] as const;

/** The caller's unread alarms in scope and the latest of them; pushes keep it current between refreshes. */
export function useAlarmCounter() {
  const allowed = usePermission()([ALARM_QUERY_PERMISSION]);
  const query = useQuery({
    queryKey: alarmCounterKey,
    queryFn: () => http.get<AlarmCounter>('/api/v1/alarm/number', undefined, { silent: true }),
    enabled: allowed,
    refetchInterval: 60_000,
  });
  return { allowed, unread: query.data?.unread ?? 0, latest: query.data?.latest ?? [], loaded: query.isSuccess };
}

export function useClearAlarmReads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<null>('/api/v1/alarm/number/clear'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmCounterKey }),
  });
}
