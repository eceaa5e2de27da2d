import { useQueryClient } from '@tanstack/react-query';
import { PushSender, type AlarmPush } from '@sl/contracts';
import { usePushChannel } from '../../../shared/push';
import { alarmCounterKey } from '../api/alarm-counter';

/**
 * An alarm push reloads the bell: the count of open alarms comes back with which they are (and the latest unread),
 * from one answer, so the badge and the spoken sentence never disagree.
 */
export function useAlarmPushes(): void {
  const queryClient = useQueryClient();
  usePushChannel('alarm', (message) => {
    const push = message as AlarmPush;
    if (typeof push.alarmCount !== 'number' || push.data?.some((item) => item.sendUserId !== PushSender.system)) return;
    void queryClient.invalidateQueries({ queryKey: alarmCounterKey });
  });
}
