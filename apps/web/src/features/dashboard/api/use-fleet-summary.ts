import { useQuery } from '@tanstack/react-query';
import type { AlarmCounter, TerminalTab } from '@sl/contracts';
import { http } from '../../../shared/request';

/** Terminal counts and unread alarms for the summary cards, refreshed every 30 s. */
export function useFleetSummary() {
  const tabs = useQuery({
    queryKey: ['dashboard', 'terminal-tab'],
    queryFn: () => http.get<TerminalTab>('/api/v1/terminal/tab', undefined, { silent: true }),
    refetchInterval: 30_000,
  });
  const alarms = useQuery({
    queryKey: ['dashboard', 'alarm-number'],
    queryFn: () => http.get<AlarmCounter>('/api/v1/alarm/number', undefined, { silent: true }),
    refetchInterval: 30_000,
  });
  return { terminals: tabs.data?.total ?? 0, online: tabs.data?.online ?? 0, alarms: alarms.data?.unread ?? 0 };
}
