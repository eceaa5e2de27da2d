import type { DeviceFamily } from '@sl/contracts';
import type { FleetEntry } from './terminals-file.js';
import type { TerminalConfig } from './types.js';

/** How to build a fleet's terminals. */
export interface FleetSpec {
  count: number;
  /**
   * Given terminals (a fleet file): terminal i is terminals[i], count at most its length. What an entry
   * leaves out (family, model, position, secret) is chosen as for generated terminals.
   */
  terminals?: FleetEntry[];
  family?: DeviceFamily | 'mixed';
  model?: 1 | 2 | 'mixed';
  /** Share of cabinets when model is mixed (default 0.2: one cabinet per four lamps). */
  cabinetShare?: number;
  prefix?: string;
  /** One secret for all, a map sn → secret, or a function of the terminal; an entry's own secret comes first. */
  secret: string | Record<string, string> | ((sn: string, family: DeviceFamily) => string);
  center?: { lat: number; lng: number };
  radiusKm?: number;
  heartbeatS?: number;
  /** Loops per cabinet; default 4 for rdc4m, 8 for rdcsm. */
  cabinetLoops?: number;
  phases?: number;
}

/** Deterministic so the same sn lands on the same spot in every run. */
export function seededRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const snFor = (prefix: string, i: number, count: number) =>
  `${prefix}${String(i + 1).padStart(Math.max(4, String(count).length), '0')}`;

function secretFor(spec: FleetSpec, sn: string, family: DeviceFamily) {
  const s = spec.secret;
  if (typeof s === 'string') return s;
  if (typeof s === 'function') return s(sn, family);
  if (!(sn in s)) throw new Error(`no secret for terminal ${sn}`);
  return s[sn];
}

/** The configs of terminal i = 0 … count-1. */
export function terminalConfigs(spec: FleetSpec): TerminalConfig[] {
  const every = Math.max(1, Math.round(1 / (spec.cabinetShare ?? 0.2)));
  const { lat, lng } = spec.center ?? { lat: 31.23, lng: 121.47 };
  const radiusKm = spec.radiusKm ?? 5;
  const count = spec.terminals ? Math.min(spec.count, spec.terminals.length) : spec.count;
  return Array.from({ length: count }, (_, i) => {
    const given = spec.terminals?.[i];
    const family: DeviceFamily = given?.family ?? (spec.family === 'mixed' || !spec.family ? (i % 2 ? 'rdcsm' : 'rdc4m') : spec.family);
    const model: 1 | 2 = given?.model ?? (spec.model === 'mixed' || !spec.model ? (i % every === 0 ? 1 : 2) : spec.model);
    const sn = given?.sn ?? snFor(spec.prefix ?? 'SIM', i, spec.count);
    const rng = seededRng(i * 7919 + 17);
    const dist = Math.sqrt(rng()) * radiusKm, angle = rng() * 2 * Math.PI;
    const loops = model === 2 ? 1 : spec.cabinetLoops ?? (family === 'rdc4m' ? 4 : 8);
    return {
      family, sn, model, secret: given?.secret ?? secretFor(spec, sn, family),
      loops: family === 'rdc4m' ? Math.min(loops, 4) : Math.min(loops, 16),
      phases: model === 2 ? 1 : spec.phases ?? 3,
      lat: given?.lat ?? lat + (dist / 111.32) * Math.sin(angle),
      lng: given?.lng ?? lng + (dist / (111.32 * Math.cos((lat * Math.PI) / 180))) * Math.cos(angle),
      heartbeatS: spec.heartbeatS ?? 60,
      imsi: `46000${String(1_000_000_000 + i).slice(-10)}`,
    };
  });
}
