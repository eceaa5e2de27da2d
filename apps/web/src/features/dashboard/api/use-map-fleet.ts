import { useQuery } from '@tanstack/react-query';
import { decodeMapFleet, MAP_FLEET_MEDIA_TYPE } from '@sl/contracts';
import { request } from '../../../shared/request';
import { buildInit } from '../../../shared/request/build-request';
import { FleetModel } from '../map/fleet-model';

const URL = '/api/v1/map/points';

/** The fleet's binary columns; an error answer (JSON) goes through the console's usual error handling. */
async function fetchFleet(): Promise<FleetModel> {
  const init = buildInit({ url: URL });
  const response = await fetch(URL, { ...init, headers: { ...(init.headers as Record<string, string>), Accept: `${MAP_FLEET_MEDIA_TYPE}, application/json` } });
  if (response.ok && response.headers.get('content-type')?.startsWith(MAP_FLEET_MEDIA_TYPE)) {
    const bytes = await response.arrayBuffer();
    performance.mark('map:fetched');
    const model = new FleetModel(decodeMapFleet(bytes));
    performance.mark('map:decoded');
    return model;
  }
  await request({ url: URL, silent: true });
  throw new Error(`Unexpected answer from ${URL}: HTTP ${response.status}`);
}

/** The whole fleet in scope, fetched once: after that the map deltas keep it current, so it never refetches for a change. */
export function useMapFleet() {
  return useQuery({
    queryKey: ['map', 'fleet'],
    queryFn: fetchFleet,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
