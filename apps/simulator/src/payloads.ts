import type { CabinetHeartbeat, HelloMessage, LampHeartbeat } from '@sl/contracts';
import type { CabinetReadings, LampReadings, Meter } from './readings.js';
import type { TerminalState } from './state.js';
import type { TerminalConfig } from './types.js';

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
/** The bound program's fingerprint (protocol §5); null with none bound, as after `init` or `plan.clear`. A bind without one reports none. */
const reportedProgram = (state: TerminalState) => state.plan?.fingerprint ?? null;

export function helloBody(cfg: TerminalConfig, state: TerminalState, mid: string, ts: number): HelloMessage {
  return {
    mid, ts, model: cfg.model, firmware: cfg.firmware ?? 'sim-1.0.0', imsi: cfg.imsi,
    loops: state.loops.length, phases: cfg.model === 2 ? 1 : cfg.phases, heartbeatS: state.heartbeatS,
  };
}

export function cabinetBody(
  state: TerminalState, rd: CabinetReadings, meter: Meter, door: boolean, mid: string, ts: number,
): CabinetHeartbeat {
  return {
    mid, ts, model: 1,
    voltage: rd.voltage, current: rd.current, activePower: rd.activePower, powerFactor: rd.powerFactor,
    energyKwh: round(meter.energyKwh, 2), leakageMa: rd.leakageMa,
    door: door ? 'open' : 'closed', lock: state.locked ? 'locked' : 'unlocked', mode: state.mode,
    loops: state.loops.map((on, i) => ({ no: i + 1, on, current: round(rd.loopCurrents[i] ?? 0, 2) })),
    temperatureC: rd.temperatureC,
    ...(state.hold ? { manualUntil: state.hold.until } : {}),
    programFingerprint: reportedProgram(state),
  };
}

export function lampBody(state: TerminalState, rd: LampReadings, meter: Meter, mid: string, ts: number): LampHeartbeat {
  return {
    mid, ts, model: 2, on: state.loops[0], dim: Math.round(state.dim),
    voltage: rd.voltage, current: rd.current, power: rd.power, powerFactor: rd.powerFactor,
    energyKwh: round(meter.energyKwh, 3), burnHours: round(meter.burnHours, 2), lampFailure: rd.lampFailure,
    mode: state.mode, ...(state.hold ? { manualUntil: state.hold.until } : {}),
    programFingerprint: reportedProgram(state),
  };
}
