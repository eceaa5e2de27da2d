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
  /** The latest heartbeat had the lamp (or any cabinet loop) on, dimmed or not. */
  lit: boolean;
}

/** The one rule that turns a terminal's facts into its map state. */
export function mapStateOf({ onlineState, alarmed, lit }: MapStateInput): MapStateCode {
  if (alarmed) return MapState.alarm;
  if (onlineState === OnlineState.offline) return MapState.offline;
  if (onlineState === OnlineState.abnormal) return MapState.abnormal;
  return lit ? MapState.lit : MapState.off;
}
