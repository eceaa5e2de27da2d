import type { OverrideParams, ProgramStep, ProgramZone } from '@sl/contracts';
import type { TerminalConfig } from './types.js';

export interface Thresholds {
  voltageHigh: number;
  voltageLow: number;
  currentHigh?: number;
  currentLow?: number;
  leakageMa: number;
  overCurrentA: number;
  overCurrentLoopA: Record<number, number>;
}

export interface LocalControl {
  step: ProgramStep;
  enabled: boolean;
}

/** Everything a command can change; `init` puts it back to these defaults. */
export interface TerminalState {
  loops: boolean[];
  dim: number;
  mode: 'manual' | 'auto';
  locked: boolean;
  heartbeatS: number;
  thresholds: Thresholds;
  /** The bound program; `fingerprint` is what the server called it, reported in every heartbeat. */
  plan?: { planId: string; program: ProgramStep[]; tzOffsetMin?: number; tz?: ProgramZone; fingerprint?: string };
  /**
   * A switch from the central system that holds until `until` (terminal clock): the lighting it set, kept
   * under an override and restored after it, until the terminal returns to auto by itself. Mode is manual
   * while it lasts; manual mode without a hold is a switch made on site, which only `manauto` ends.
   */
  hold?: { loops: boolean[]; dim: number; until: number };
  /** Emergency overrides by id; the active one with the highest seq wins, expired ones are dropped. */
  overrides: Map<string, OverrideParams>;
  localControls: Map<string, LocalControl>;
  clockOffsetMs: number;
  params: Record<string, number | string | boolean>;
}

export function defaultState(config: TerminalConfig): TerminalState {
  return {
    loops: Array.from({ length: loopCount(config) }, () => false),
    dim: 100,
    mode: 'auto',
    locked: true,
    heartbeatS: config.heartbeatS,
    thresholds: { voltageHigh: 242, voltageLow: 198, leakageMa: 30, overCurrentA: 40, overCurrentLoopA: {} },
    localControls: new Map(),
    overrides: new Map(),
    clockOffsetMs: 0,
    params: {},
  };
}

export const loopCount = (config: TerminalConfig) => (config.model === 2 ? 1 : Math.max(1, config.loops));
