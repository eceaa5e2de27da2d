import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlarmCounter } from '@sl/contracts';
import { http } from '../../../shared/request';
import { usePermission } from '../../../shared/permission/access';

export const ALARM_QUERY_PERMISSION = 'alarm:alarm:query';
export const alarmCounterKey = ['alarms', 'number'] as const;

/** The caller's open alarms in scope (by kind), and the unread ones with the latest of them; pushes keep it current between refreshes. */
export function useAlarmCounter() {
  const allowed = usePermission()([ALARM_QUERY_PERMISSION]);
  const query = useQuery({
    queryKey: alarmCounterKey,
    queryFn: () => http.get<AlarmCounter>('/api/v1/alarm/number', undefined, { silent: true }),
    enabled: allowed,
    refetchInterval: 60_000,
  });
  const d = query.data;
  return { allowed, open: d?.open ?? 0, openByKind: d?.openByKind ?? [], unread: d?.unread ?? 0, latest: d?.latest ?? [], loaded: query.isSuccess };
}

export function useClearAlarmReads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<null>('/api/v1/alarm/number/clear'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmCounterKey }),
  });
}
