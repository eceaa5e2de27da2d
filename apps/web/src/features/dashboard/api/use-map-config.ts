import { useQuery } from '@tanstack/react-query';
import type { MapTileConfig } from '@sl/contracts';
import { http } from '../../../shared/request';

/** The tile provider in force; offline when the call fails, so the map always draws. */
export function useMapConfig() {
  return useQuery({
    queryKey: ['map', 'config'],
    queryFn: () => http.get<MapTileConfig>('/api/v1/map/config', undefined, { silent: true }).catch((): MapTileConfig => ({ provider: 'offline', key: '' })),
    staleTime: 5 * 60_000,
  });
}
