import type { HeartbeatMessage } from '@sl/contracts';
import type { HeartbeatRow } from './reading-repository.js';

/** Supply voltage range outside which a terminal is abnormal (protocol §6). */
export const SUPPLY_VOLTAGE = { min: 198, max: 242 } as const;

const mean = (p: { a: number; b: number; c: number }) => (p.a + p.b + p.c) / 3;

/** Maps a heartbeat to its heartbeat-table row; cabinet details without a column go to `extra`. */
export function toHeartbeatRow(terminalId: number, m: HeartbeatMessage): HeartbeatRow {
  const base = { terminalId, mid: m.mid, ts: new Date(m.ts), model: m.model, energyKwh: m.energyKwh };
  if (m.model === 2) {
    return {
      ...base, voltageA: m.voltage, currentA: m.current, powerA: m.power, powerFactor: m.powerFactor,
      dim: m.dim, on: m.on, burnHours: m.burnHours, extra: { lampFailure: m.lampFailure },
    };
  }
  return {
    ...base,
    voltageA: m.voltage.a, voltageB: m.voltage.b, voltageC: m.voltage.c,
    currentA: m.current.a, currentB: m.current.b, currentC: m.current.c,
    powerA: m.activePower.a, powerB: m.activePower.b, powerC: m.activePower.c,
    powerFactor: mean(m.powerFactor),
    leakageMa: m.leakageMa,
    temperatureC: m.temperatureC ?? null,
    on: m.loops.some((l) => l.on),
    extra: { door: m.door, lock: m.lock, mode: m.mode, loops: m.loops, powerFactor: m.powerFactor },
  };
}

/** Whether the supply voltage is out of range: any phase a cabinet has (from hello), the lamp's own voltage. */
export function voltageAbnormal(m: HeartbeatMessage, phases = 3): boolean {
  const volts = m.model === 2 ? [m.voltage] : [m.voltage.a, m.voltage.b, m.voltage.c].slice(0, Math.max(1, phases));
  return volts.some((v) => v < SUPPLY_VOLTAGE.min || v > SUPPLY_VOLTAGE.max);
}
