import { useQuery } from '@tanstack/react-query';
import { decodeMapFleet, type MapFleet } from '@sl/contracts';
import { http } from '../../../shared/request';
import { FleetModel } from '../map/fleet-model';

/** The whole fleet in scope, fetched once: after that the map deltas keep it current, so it never refetches for a change. */
export function useMapFleet() {
  return useQuery({
    queryKey: ['map', 'fleet'],
    queryFn: async () => new FleetModel(decodeMapFleet(await http.get<MapFleet>('/api/v1/map/points', undefined, { silent: true, timeoutMs: 60_000 }))),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
