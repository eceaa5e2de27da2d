import { z } from 'zod';

/** Positions travel as integers of a millionth of a degree (about 0.1 m), offset from an origin. */
export const MAP_COORD_SCALE = 1_000_000;
/** Marks a terminal without a position in the x and y columns. */
export const MAP_NO_POSITION = -2147483648;
export const MAP_FLEET_MEDIA_TYPE = 'application/vnd.sl.map-fleet';
const MAGIC = 0x464d4c53; // "SLMF" little-endian
const VERSION = 2;
const HEADER_BYTES = 32;

/** The fleet as columns: entry i of each describes one terminal, ids ascending. */
export interface MapFleetColumns {
  ids: Int32Array;
  /** Longitude and latitude (WGS-84) in millionths of a degree, MAP_NO_POSITION without a position. */
  x: Int32Array;
  y: Int32Array;
  dept: Int32Array;
  /** MapState code. */
  state: Uint8Array;
  /** 1 cabinet, 2 single lamp. */
  model: Uint8Array;
  /** Index in DEVICE_FAMILIES. */
  family: Uint8Array;
  /** MapFlag bits: lit (measured light) and offline, which the state hides behind an alarm. */
  flags: Uint8Array;
  depts: Array<{ deptId: number; deptName: string }>;
}

/**
 * `GET /api/v1/map/points` answers `application/vnd.sl.map-fleet`, a binary of columns rather than objects:
 * 250,000 terminals are about 4.8 MB before compression and under 2 MB after.
 *
 * Layout (little-endian): a 32-byte header (u32 magic "SLMF", u8 version 2, 3 spare bytes, u32 count,
 * i32 originX, i32 originY, u32 byte length of the departments' JSON, 8 spare bytes); then four 32-bit
 * columns of `count` entries: id differences (the first id as is), x - originX, y - originY, department id
 * (0 for none), each *byte-planed* (all first bytes, then all second bytes...) so the nearly constant high
 * bytes compress to almost nothing; then four byte columns: state, model, family, flags; then the departments
 * as UTF-8 JSON `[{deptId, deptName}]`. A missing position is MAP_NO_POSITION in both x and y, unshifted.
 */
export function encodeMapFleet(c: MapFleetColumns): Uint8Array {
  const n = c.ids.length;
  let x0 = 0, y0 = 0, first = true;
  for (let i = 0; i < n; i++) {
    if (c.x[i] === MAP_NO_POSITION) continue;
    if (first || c.x[i] < x0) x0 = c.x[i];
    if (first || c.y[i] < y0) y0 = c.y[i];
    first = false;
  }
  const depts = new TextEncoder().encode(JSON.stringify(c.depts));
  const out = new Uint8Array(HEADER_BYTES + n * 20 + depts.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint8(4, VERSION);
  view.setUint32(8, n, true);
  view.setInt32(12, x0, true);
  view.setInt32(16, y0, true);
  view.setUint32(20, depts.length, true);
  const words = new Int32Array(n);
  let at = HEADER_BYTES;
  const plane = () => {
    const bytes = new Uint8Array(words.buffer);
    for (let b = 0; b < 4; b++) for (let i = 0; i < n; i++) out[at + b * n + i] = bytes[i * 4 + b];
    at += 4 * n;
  };
  for (let i = 0; i < n; i++) words[i] = c.ids[i] - (i ? c.ids[i - 1] : 0);
  plane();
  for (let i = 0; i < n; i++) words[i] = c.x[i] === MAP_NO_POSITION ? MAP_NO_POSITION : c.x[i] - x0;
  plane();
  for (let i = 0; i < n; i++) words[i] = c.y[i] === MAP_NO_POSITION ? MAP_NO_POSITION : c.y[i] - y0;
  plane();
  words.set(c.dept);
  plane();
  for (const col of [c.state, c.model, c.family, c.flags]) {
    out.set(col, at);
    at += n;
  }
  out.set(depts, at);
  return out;
}

/** Reads `encodeMapFleet`'s bytes back into columns with positions in degrees (NaN without a position). */
export function decodeMapFleet(buffer: ArrayBuffer | Uint8Array) {
  const bytes = buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < HEADER_BYTES || view.getUint32(0, true) !== MAGIC || view.getUint8(4) !== VERSION) throw new Error(`Not a map fleet (SLMF version ${VERSION})`);
  const n = view.getUint32(8, true);
  const x0 = view.getInt32(12, true);
  const y0 = view.getInt32(16, true);
  const deptBytes = view.getUint32(20, true);
  let at = HEADER_BYTES;
  const words = new Int32Array(n);
  const wordBytes = new Uint8Array(words.buffer);
  const unplane = () => {
    for (let b = 0; b < 4; b++) for (let i = 0; i < n; i++) wordBytes[i * 4 + b] = bytes[at + b * n + i];
    at += 4 * n;
    return words;
  };
  const ids = new Int32Array(n);
  let id = 0;
  unplane().forEach((d, i) => (ids[i] = id += d));
  const lng = new Float64Array(n);
  unplane().forEach((v, i) => (lng[i] = v === MAP_NO_POSITION ? Number.NaN : (v + x0) / MAP_COORD_SCALE));
  const lat = new Float64Array(n);
  unplane().forEach((v, i) => (lat[i] = v === MAP_NO_POSITION ? Number.NaN : (v + y0) / MAP_COORD_SCALE));
  const dept = Int32Array.from(unplane());
  const column = () => {
    const col = bytes.slice(at, at + n);
    at += n;
    return col;
  };
  const state = column();
  const model = column();
  const family = column();
  const flags = column();
  const depts = JSON.parse(new TextDecoder().decode(bytes.subarray(at, at + deptBytes))) as MapFleetColumns['depts'];
  return { ids, lng, lat, dept, state, model, family, flags, depts };
}
export type DecodedMapFleet = ReturnType<typeof decodeMapFleet>;

/** `GET /api/v1/map/search?keyword=`: terminals in scope whose name or serial contains the keyword (none without one). */
export const mapSearchQuery = z.object({
  keyword: z.string({ error: 'keyword must be a string' }).trim().max(64, 'keyword must be at most 64 characters').default(''),
});
export interface MapSearchHit {
  terminalId: number;
  sn: string;
  name: string;
  lng: number | null;
  lat: number | null;
}
export const MAP_SEARCH_LIMIT = 10;
