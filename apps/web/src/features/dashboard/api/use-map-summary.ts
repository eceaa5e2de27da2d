import { useQuery } from '@tanstack/react-query';
import type { MapSummary } from '@sl/contracts';
import { http } from '../../../shared/request';

const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'Asia/Shanghai';

/** Today's alarms by kind and energy by department, in the browser's time zone, refreshed every minute. */
export function useMapSummary() {
  return useQuery({
    queryKey: ['map', 'summary', tz],
    queryFn: () => http.get<MapSummary>('/api/v1/map/summary', { tz }, { silent: true }),
    refetchInterval: 60_000,
  });
}
