import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { usePushChannel } from '../../../shared/push';
import { alarmKeys } from '../api/alarms';

/** Alarm pushes refresh the open alarm views, at most once a second however many arrive (alarm storms). */
export function useAlarmListPushes(): void {
  const queryClient = useQueryClient();
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  usePushChannel('alarm', () => {
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      void queryClient.invalidateQueries({ queryKey: alarmKeys.all });
    }, 1000);
  });
}
