import { useQueryClient } from '@tanstack/react-query';
import { PushSender, type AlarmCounter, type AlarmPush } from '@sl/contracts';
import { usePushChannel } from '../../../shared/push';
import { alarmCounterKey } from '../api/alarm-counter';

/** An alarm push sets the bell's count at once and reloads the latest alarms behind it. */
export function useAlarmPushes(): void {
  const queryClient = useQueryClient();
  usePushChannel('alarm', (message) => {
    const push = message as AlarmPush;
    if (typeof push.alarmCount !== 'number' || push.data?.some((item) => item.sendUserId !== PushSender.system)) return;
    queryClient.setQueryData<AlarmCounter>(alarmCounterKey, (old) => ({ latest: old?.latest ?? [], unread: push.alarmCount }));
    void queryClient.invalidateQueries({ queryKey: alarmCounterKey });
  });
}
