import type { PushMessage } from '../push.js';

/** A state change: [terminalId, MapState code, MapFlag bits (lit, offline)]. */
export type MapChange = [terminalId: number, state: number, flags?: number];

/**
 * A push on the `map` channel: lamps whose map state changed, batched (a few hundred milliseconds)
 * and sent only to users whose data scope covers the lamps' department.
 */
export interface MapDeltaPush extends PushMessage {
  code: 200;
  event: 'mapDelta';
  changes: MapChange[];
}
