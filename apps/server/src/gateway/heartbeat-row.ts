import { toReal as r, type HeartbeatMessage } from '@sl/contracts';
import type { HeartbeatRecord } from './reading-repository.js';

/** Supply voltage range outside which a terminal is abnormal (protocol §6). */
export const SUPPLY_VOLTAGE = { min: 198, max: 242 } as const;

const mean = (p: { a: number; b: number; c: number }) => (p.a + p.b + p.c) / 3;

/**
 * Maps a heartbeat to its heartbeat-table record; details without a column (contracts: HeartbeatExtra) go to `extra`.
 * The schema bounds every reading well inside a `real`; `r` turns a magnitude too small for one into 0 (protocol §4).
 */
export function toHeartbeatRecord(terminalId: number, m: HeartbeatMessage): HeartbeatRecord {
  const ts = new Date(m.ts).toISOString();
  if (m.model === 2) {
    return {
      terminal_id: terminalId, mid: m.mid, ts, model: 2, energy_kwh: m.energyKwh,
      voltage_a: r(m.voltage), current_a: r(m.current), power_a: r(m.power), power_factor: r(m.powerFactor),
      dim: m.dim, on: m.on, burn_hours: r(m.burnHours), extra: { lampFailure: m.lampFailure, mode: m.mode, manualUntil: m.manualUntil, ...reported(m) },
    };
  }
  return {
    terminal_id: terminalId, mid: m.mid, ts, model: 1, energy_kwh: m.energyKwh,
    voltage_a: r(m.voltage.a), voltage_b: r(m.voltage.b), voltage_c: r(m.voltage.c),
    current_a: r(m.current.a), current_b: r(m.current.b), current_c: r(m.current.c),
    power_a: r(m.activePower.a), power_b: r(m.activePower.b), power_c: r(m.activePower.c),
    power_factor: r(mean(m.powerFactor)),
    leakage_ma: r(m.leakageMa),
    temperature_c: m.temperatureC === undefined ? null : r(m.temperatureC),
    on: m.loops.some((l) => l.on),
    extra: { door: m.door, lock: m.lock, mode: m.mode, manualUntil: m.manualUntil, loops: m.loops, powerFactor: m.powerFactor, ...reported(m) },
  };
}

// Kept only when reported: null (no program bound) differs from absent (firmware that does not say), which reconcile ignores.
const reported = (m: HeartbeatMessage) => (m.programFingerprint === undefined ? {} : { programFingerprint: m.programFingerprint });

/** Whether the supply voltage is out of range: any phase a cabinet has (from hello), the lamp's own voltage. */
export function voltageAbnormal(m: HeartbeatMessage, phases = 3): boolean {
  const volts = m.model === 2 ? [m.voltage] : [m.voltage.a, m.voltage.b, m.voltage.c].slice(0, Math.max(1, phases));
  return volts.some((v) => v < SUPPLY_VOLTAGE.min || v > SUPPLY_VOLTAGE.max);
}
