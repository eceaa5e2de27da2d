import { z } from 'zod';

/** Positions travel as integers of a millionth of a degree (about 0.1 m), offset from `origin`. */
export const MAP_COORD_SCALE = 1_000_000;

/**
 * `GET /api/v1/map/points`: every terminal the caller may see, as columns rather than objects, so
 * 250,000 terminals fit in a few MB before compression. Entry i of each array describes one terminal.
 * - `ids`: terminal ids ascending, each written as the difference from the previous one (the first as is);
 * - `x`, `y`: longitude and latitude (WGS-84) in millionths of a degree minus `origin`, null without a position;
 * - `state`: MapState code; `model`: 1 cabinet, 2 single lamp; `family`: index in DEVICE_FAMILIES;
 * - `dept`: department id, 0 for none; `depts` names the departments that occur.
 */
export interface MapFleet {
  count: number;
  origin: [number, number];
  ids: number[];
  x: Array<number | null>;
  y: Array<number | null>;
  state: number[];
  model: number[];
  family: number[];
  dept: number[];
  depts: Array<{ deptId: number; deptName: string }>;
}

/** A terminal as the console holds it after decoding MapFleet. */
export interface MapTerminalPoint {
  terminalId: number;
  lng: number | null;
  lat: number | null;
  state: number;
  model: number;
  family: number;
  deptId: number;
}

/** Decodes the columns of MapFleet into plain arrays (typed for speed at 250,000 terminals). */
export function decodeMapFleet(f: MapFleet) {
  const n = f.count;
  const ids = new Int32Array(n);
  const lng = new Float64Array(n);
  const lat = new Float64Array(n);
  let id = 0;
  for (let i = 0; i < n; i++) {
    id += f.ids[i];
    ids[i] = id;
    const x = f.x[i];
    const y = f.y[i];
    lng[i] = x === null ? Number.NaN : (x + f.origin[0]) / MAP_COORD_SCALE;
    lat[i] = y === null ? Number.NaN : (y + f.origin[1]) / MAP_COORD_SCALE;
  }
  return { ids, lng, lat, state: Uint8Array.from(f.state), model: Uint8Array.from(f.model), family: Uint8Array.from(f.family), dept: Int32Array.from(f.dept), depts: f.depts };
}
export type DecodedMapFleet = ReturnType<typeof decodeMapFleet>;

/** `GET /api/v1/map/search?keyword=`: terminals in scope whose name or serial contains the keyword. */
export const mapSearchQuery = z.object({
  keyword: z.string({ error: 'keyword must be a string' }).trim().min(1, 'keyword must not be empty').max(64, 'keyword must be at most 64 characters'),
});
export interface MapSearchHit {
  terminalId: number;
  sn: string;
  name: string;
  lng: number | null;
  lat: number | null;
}
export const MAP_SEARCH_LIMIT = 10;
