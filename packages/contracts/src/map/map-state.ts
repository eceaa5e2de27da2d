import { OnlineState } from '../enums.js';

/**
 * A lamp's state on the map, in one order of severity: a higher code is worse. A cluster shows the
 * highest code inside it, so the worst state of a district is visible at city zoom.
 */
export const MapState = { off: 0, lit: 1, abnormal: 2, offline: 3, alarm: 4 } as const;
export type MapStateCode = (typeof MapState)[keyof typeof MapState];
export const MAP_STATES = ['off', 'lit', 'abnormal', 'offline', 'alarm'] as const satisfies ReadonlyArray<keyof typeof MapState>;
export type MapStateName = (typeof MAP_STATES)[number];

/** Marker colours by state code (index = code). */
export const MAP_STATE_COLOURS = ['#8c8c8c', '#f5b400', '#fa8c16', '#434343', '#f5222d'] as const;

export interface MapStateInput {
  onlineState: number;
  /** An open alarm other than communication lost (an offline terminal always has that one: offline says it). */
  alarmed: boolean;
  /** The latest heartbeat measured light (contracts: litByPower): power above a share of the rated power, not the relay flag. */
  lit: boolean;
}

/** The one rule that turns a terminal's facts into its map state. */
export function mapStateOf({ onlineState, alarmed, lit }: MapStateInput): MapStateCode {
  if (alarmed) return MapState.alarm;
  if (onlineState === OnlineState.offline) return MapState.offline;
  if (onlineState === OnlineState.abnormal) return MapState.abnormal;
  return lit ? MapState.lit : MapState.off;
}

/**
 * Facts the map state hides, for the counters: the state shows the worst of them, so a lamp in alarm
 * would count neither lit nor offline. Bits of the fleet binary's flags column and of a delta's third entry.
 */
export const MapFlag = { lit: 1, offline: 2 } as const;

/** The flags of a terminal: lit (measured light) and offline, whatever its alarms. */
export const mapFlagsOf = ({ onlineState, lit }: Pick<MapStateInput, 'onlineState' | 'lit'>): number =>
  (lit ? MapFlag.lit : 0) | (onlineState === OnlineState.offline ? MapFlag.offline : 0);
