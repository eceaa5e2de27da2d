import { useEffect, useRef } from 'react';
import { alarmAnnouncement } from './alarm-speech';
import { announce, silence } from './announce';

/** Announces alarm counts while `enabled` (the speech broadcast toggle), following `alarmAnnouncement`. */
export function useAlarmSpeech(enabled: boolean, count: number): void {
  const previous = useRef({ enabled, count });
  useEffect(() => {
    const before = previous.current;
    previous.current = { enabled, count };
    if (before.enabled && !enabled) return silence();
    const text = alarmAnnouncement(before, { enabled, count });
    if (text) announce(text);
  }, [enabled, count]);
}
