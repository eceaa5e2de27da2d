import { TerminalModel } from '../enums.js';
import { litByPower, LIT_POWER_SHARE, ratedPowerW, type RatedTerminal } from './measured-light.js';

/** What a stored heartbeat keeps in `extra` (the gateway's heartbeat row): the fields without a column of their own. */
export interface HeartbeatExtra {
  /** A lamp reports its lamp failed (relay closed, no light). */
  lampFailure?: boolean;
  mode?: 'manual' | 'auto';
  /** Under a switch from the central system: when the terminal returns to its program (epoch ms). */
  manualUntil?: number;
  loops?: Array<{ no: number; on: boolean; current?: number }>;
  door?: 'open' | 'closed';
  lock?: 'locked' | 'unlocked';
  powerFactor?: { a?: number; b?: number; c?: number };
}

/** The parts of a stored heartbeat (HeartbeatRecord or a row of the same names) the light states are read from. */
export interface LightReading {
  on: boolean | null;
  dim: number | null;
  powerA: number | null;
  powerB?: number | null;
  powerC?: number | null;
  extra: unknown;
}

/** One cabinet loop: its relay (feedback) and measured light (actual; null where the cabinet reports no loop current). */
export interface LoopLight {
  no: number;
  on: boolean;
  lit: boolean | null;
}

/**
 * A terminal's light in TALQ's three views. The commanded state (targetLightCommand) is what the program,
 * an override or a manual switch says, and only the server's verification knows it; a heartbeat gives the
 * other two. The feedback (feedbackLightCommand) is what the terminal says it switched: a relay closed on a
 * dead lamp is still `on`. The actual state (actualLightState) is measured light: power drawn against the
 * rated power (litByPower), so a dead lamp is dark whatever its relay says.
 */
export interface LightStates {
  feedback: { on: boolean | null; dim: number | null };
  actual: boolean;
  /** Cabinets: per loop; empty for a single lamp. */
  loops: LoopLight[];
  mode: 'manual' | 'auto' | null;
  /** Epoch ms; null in auto mode, or under a manual switch that holds until recovered (made on site). */
  manualUntil: number | null;
  lampFailure: boolean;
}

/** A loop's current is turned into power at this voltage: the cabinet does not say which phase feeds which loop. */
export const LOOP_NOMINAL_V = 230;

/** Whether a loop drawing `currentA` is lit: its power above the lit share of its part of the rated power. */
export const loopLitByCurrent = (currentA: number, t: RatedTerminal) =>
  currentA * LOOP_NOMINAL_V > LIT_POWER_SHARE * (ratedPowerW(t) / Math.max(1, t.loops));

export const heartbeatExtra = (extra: unknown): HeartbeatExtra => (extra && typeof extra === 'object' ? (extra as HeartbeatExtra) : {});

/** Feedback, actual light, mode and the manual hold of one heartbeat of terminal `t`. */
export function lightStatesOf(r: LightReading, t: RatedTerminal): LightStates {
  const extra = heartbeatExtra(r.extra);
  const powerKw = (r.powerA ?? 0) + (r.powerB ?? 0) + (r.powerC ?? 0);
  const actual = litByPower(powerKw, ratedPowerW(t));
  const loops = t.model === TerminalModel.singleLamp ? [] : (extra.loops ?? []).map((l) => ({
    no: l.no,
    on: l.on,
    lit: l.current === undefined ? null : loopLitByCurrent(l.current, t),
  }));
  return {
    feedback: { on: r.on, dim: r.dim },
    actual,
    loops,
    mode: extra.mode ?? null,
    manualUntil: extra.manualUntil ?? null,
    lampFailure: extra.lampFailure === true,
  };
}
