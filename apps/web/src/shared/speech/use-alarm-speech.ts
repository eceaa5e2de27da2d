import { useEffect, useRef } from 'react';
import { alarmAnnouncement } from './alarm-speech';
import { announce, silence } from './announce';

/** Announces the open alarms (count and which) while `enabled` (the speech broadcast toggle), following `alarmAnnouncement`. */
export function useAlarmSpeech(enabled: boolean, count: number, which = ''): void {
  const previous = useRef({ enabled, count });
  useEffect(() => {
    const before = previous.current;
    previous.current = { enabled, count };
    if (before.enabled && !enabled) return silence();
    // `which` words the count (both come from one answer); a change of it alone announces nothing.
    const text = alarmAnnouncement(before, { enabled, count, which });
    if (text) announce(text);
  }, [enabled, count, which]);
}
