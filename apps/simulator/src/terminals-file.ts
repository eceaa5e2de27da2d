import { readFileSync } from 'node:fs';
import { DEVICE_FAMILIES, SN_PATTERN, type DeviceFamily } from '@sl/contracts';

/** One terminal of a fleet file: who it is and, when known, its secret, model and position. */
export interface FleetEntry {
  sn: string;
  family?: DeviceFamily;
  model?: 1 | 2;
  secret?: string;
  lat?: number;
  lng?: number;
}

const COLUMNS = ['sn', 'family', 'model', 'secret', 'lat', 'lng'] as const;

/**
 * Reads the terminals a fleet runs (README, "Terminals and the simulator"):
 * - CSV with a header naming its columns, `sn` required, `family`, `model`, `secret`, `lat`, `lng` optional;
 * - JSON: an array of such objects (the `data` of `POST /api/v1/terminal/add` answers, collected), or an
 *   object mapping `sn` or `family:sn` to the secret.
 */
export function parseTerminalsFile(text: string, name = 'terminals file'): FleetEntry[] {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  const entries = trimmed.startsWith('[') || trimmed.startsWith('{') ? fromJson(trimmed, name) : fromCsv(trimmed, name);
  if (entries.length === 0) throw new Error(`${name}: no terminals`);
  const seen = new Set<string>();
  for (const e of entries) {
    const key = `${e.family ?? '*'}:${e.sn}`;
    if (seen.has(key)) throw new Error(`${name}: terminal ${e.sn} is listed twice`);
    seen.add(key);
  }
  return entries;
}

export const readTerminalsFile = (path: string) => parseTerminalsFile(readFileSync(path, 'utf8'), path);

function fromJson(text: string, name: string): FleetEntry[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(`${name}: not valid JSON (${(err as Error).message})`);
  }
  if (Array.isArray(json)) return json.map((item, i) => entry(item as Record<string, unknown>, `${name} [${i}]`));
  return Object.entries(json as Record<string, unknown>).map(([id, secret]) => {
    const [family, sn] = id.includes(':') ? id.split(':', 2) : [undefined, id];
    return entry({ sn, family, secret }, `${name} "${id}"`);
  });
}

function fromCsv(text: string, name: string): FleetEntry[] {
  const [header = '', ...lines] = text.split(/\r?\n/);
  const columns = cells(header).map((c) => c.toLowerCase());
  if (!columns.includes('sn')) throw new Error(`${name}: the first line must name the columns, among them "sn" (${COLUMNS.join(', ')})`);
  return lines.flatMap((line, i) => {
    if (!line.trim()) return [];
    const values = cells(line);
    const row = Object.fromEntries(columns.map((c, j) => [c, values[j] === '' ? undefined : values[j]]));
    return [entry(row, `${name} line ${i + 2}`)];
  });
}

// Serials and secrets hold no comma, so a plain split does; quotes a spreadsheet added are dropped.
const cells = (line: string) => line.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1'));

function entry(raw: Record<string, unknown>, where: string): FleetEntry {
  if (!raw || typeof raw !== 'object') throw new Error(`${where}: expected an object with "sn"`);
  const { sn, family, model, secret, lat, lng } = raw;
  if (typeof sn !== 'string' || !SN_PATTERN.test(sn)) throw new Error(`${where}: sn must be 4-32 letters, digits, - or _`);
  if (family !== undefined && !(DEVICE_FAMILIES as readonly unknown[]).includes(family)) throw new Error(`${where}: family must be ${DEVICE_FAMILIES.join(' or ')}`);
  if (model !== undefined && Number(model) !== 1 && Number(model) !== 2) throw new Error(`${where}: model must be 1 or 2`);
  if (secret !== undefined && (typeof secret !== 'string' || !secret)) throw new Error(`${where}: secret must be a non-empty string`);
  const coordinate = (v: unknown, field: string, limit: number) => {
    if (v === undefined || v === null) return undefined;
    const n = Number(v);
    if (!Number.isFinite(n) || Math.abs(n) > limit) throw new Error(`${where}: ${field} must be a number within ±${limit}`);
    return n;
  };
  return {
    sn,
    family: family as DeviceFamily | undefined,
    model: model === undefined ? undefined : (Number(model) as 1 | 2),
    secret: secret as string | undefined,
    lat: coordinate(lat, 'lat', 90),
    lng: coordinate(lng, 'lng', 180),
  };
}
