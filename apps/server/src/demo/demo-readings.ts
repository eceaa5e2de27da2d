/** A demo terminal as its past is written. */
export interface DemoUnit {
  terminalId: number;
  sn: string;
  family: string;
  name: string;
  deptId: number | null;
  model: number;
  phases: number;
  loops: number;
  lat: number;
  lng: number;
  heartbeatS: number;
  /** The terminal's own zone and its department's (terminal-zone-domain.ts): its nights are its zone's. */
  ownZone?: string | null;
  deptZone?: string | null;
}

export type EpisodeKind = 'offline' | 'voltageLow' | 'doorOpen' | 'lampFailure';
/** Something that happened to a terminal in its past week, from `from` to `to` (epoch ms). */
export interface Episode {
  kind: EpisodeKind;
  from: number;
  to: number;
}

/** Meter readings the history ends at: the terminal's first live heartbeat, so the meter never jumps. */
export interface MeterEnd {
  energyKwh: number;
  burnHours: number;
}

/** What makes each terminal's readings its own: lamp wattage, load per cabinet loop, supply voltage, power factor. */
export interface DemoProfile {
  lampW: number;
  loopA: number;
  volts: number;
  powerFactor: number;
}

/** A small seeded generator (mulberry32): the same terminal gets the same past on every database. */
export function seededRandom(seed: string): () => number {
  let a = [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 0x5bd1e995) >>> 0, 0x9e3779b9);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const demoProfile = (rng: () => number): DemoProfile => ({
  lampW: 90 + Math.round(rng() * 8) * 10,
  loopA: Math.round((6 + rng() * 6) * 10) / 10,
  volts: Math.round((221 + rng() * 8) * 10) / 10,
  powerFactor: Math.round((0.93 + rng() * 0.04) * 100) / 100,
});

/** A meter the terminal might show when it has not reported yet. */
export const plausibleMeter = (u: DemoUnit, rng: () => number): MeterEnd =>
  u.model === 2 ? { energyKwh: 100 + rng() * 900, burnHours: 1000 + rng() * 9000 } : { energyKwh: 5000 + rng() * 20000, burnHours: 0 };
