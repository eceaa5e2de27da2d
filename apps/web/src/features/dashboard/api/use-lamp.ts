import { useMutation, useQuery } from '@tanstack/react-query';
import type { ManualHold, MapSearchHit, MapTerminalDetail, SentTask } from '@sl/contracts';
import { http } from '../../../shared/request';

export function useLampDetail(terminalId: number) {
  return useQuery({
    queryKey: ['map', 'terminal', terminalId],
    queryFn: () => http.get<MapTerminalDetail>(`/api/v1/map/terminal/${terminalId}`),
  });
}

export function searchLamps(keyword: string) {
  return http.get<MapSearchHit[]>('/api/v1/map/search', { keyword }, { silent: true });
}

export type QuickAction = 'on' | 'off' | 'dim' | 'auto';

/**
 * The popup's quick actions: the device-test light commands of the lamp's family, holding for `holdMin` (then the
 * lamp returns to its program), and the return to automatic control.
 */
const actionRequest = (family: string, action: QuickAction, terminalId: number, level: number, holdMin: ManualHold): [string, object] => {
  switch (action) {
    case 'on':
      return [`/api/v1/${family}/test/light/open`, { terminalId, holdMin }];
    case 'off':
      return [`/api/v1/${family}/test/light/close`, { terminalId, holdMin }];
    case 'dim':
      return [`/api/v1/${family}/test/dimmer`, { terminalId, level, holdMin }];
    default:
      return ['/api/v1/send/set/manauto/recover', { terminalId }];
  }
};

export const QUICK_ACTION_PERMISSIONS: Record<QuickAction, string> = {
  on: 'terminal:terminal:control',
  off: 'terminal:terminal:control',
  dim: 'terminal:terminal:control',
  auto: 'terminal:set:send',
};

export function useQuickAction(family: string, terminalId: number) {
  return useMutation({
    mutationFn: ({ action, level, holdMin }: { action: QuickAction; level: number; holdMin: ManualHold }) => http.post<SentTask>(...actionRequest(family, action, terminalId, level, holdMin)),
  });
}
