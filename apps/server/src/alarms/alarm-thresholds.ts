import type { AlarmSetInput, HeartbeatMessage } from '@sl/contracts';
import { zoneOffsetMin } from '../control/compiler/zone-time.js';

type Thresholds = AlarmSetInput['thresholds'];

/** The alarm kinds the gateway derives from heartbeat readings and the family's thresholds. */
export const THRESHOLD_KINDS = ['voltageHigh', 'voltageLow', 'currentHigh', 'currentLow', 'powerFactorLow', 'leakage', 'dayBurning'] as const;
export type ThresholdKind = (typeof THRESHOLD_KINDS)[number];

/** One configured threshold judged against one heartbeat: whether its condition holds and the reading that decided. */
export interface ThresholdReading {
  kind: ThresholdKind;
  holds: boolean;
  value: number | null;
  phase: string | null;
}

interface PhaseValue {
  phase: string | null;
  value: number;
}

const PHASES = ['a', 'b', 'c'] as const;
const perPhase = (v: { a: number; b: number; c: number }, phases: number): PhaseValue[] => PHASES.slice(0, Math.max(1, phases)).map((p) => ({ phase: p, value: v[p] }));
const highest = (vs: PhaseValue[]) => vs.reduce((m, v) => (v.value > m.value ? v : m));
const lowest = (vs: PhaseValue[]) => vs.reduce((m, v) => (v.value < m.value ? v : m));

/** Minute of the local day (0-1439) of `epochMs` in `timeZone`. */
const minuteOfDay = (epochMs: number, timeZone: string) => Math.floor((epochMs / 60_000 + zoneOffsetMin(timeZone, epochMs)) % 1440);
const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether `minute` lies in [start, end), a window that may run past midnight. */
function inWindow(minute: number, start: string, end: string) {
  const s = minuteOf(start);
  const e = minuteOf(end);
  return s <= e ? minute >= s && minute < e : minute >= s || minute < e;
}

/**
 * Judges a heartbeat against the thresholds that are set (unset ones are not judged). Voltages,
 * currents and power factors are judged per phase (a cabinet's phases from its hello; a lamp has
 * one reading); low current and low power factor only while lit, since an unlit lamp draws none.
 */
export function judgeHeartbeat(t: Thresholds, m: HeartbeatMessage, phases: number, timeZone: string): ThresholdReading[] {
  const lamp = m.model === 2;
  const volts = lamp ? [{ phase: null, value: m.voltage }] : perPhase(m.voltage, phases);
  const amps = lamp ? [{ phase: null, value: m.current }] : perPhase(m.current, phases);
  const factors = lamp ? [{ phase: null, value: m.powerFactor }] : perPhase(m.powerFactor, phases);
  const lit = lamp ? m.on : m.loops.some((l) => l.on);
  const out: ThresholdReading[] = [];
  const judge = (kind: ThresholdKind, limit: number | null, pick: PhaseValue, holds: (v: number, limit: number) => boolean, when = true) => {
    if (limit !== null) out.push({ kind, holds: when && holds(pick.value, limit), value: pick.value, phase: pick.phase });
  };
  judge('voltageHigh', t.voltageHigh, highest(volts), (v, l) => v > l);
  judge('voltageLow', t.voltageLow, lowest(volts), (v, l) => v < l);
  judge('currentHigh', t.currentHigh, highest(amps), (v, l) => v > l);
  judge('currentLow', t.currentLow, lowest(amps), (v, l) => v < l, lit);
  judge('powerFactorLow', t.powerFactorLow, lowest(factors), (v, l) => v < l, lit);
  if (!lamp) judge('leakage', t.leakageMa, { phase: null, value: m.leakageMa }, (v, l) => v > l);
  if (t.dayBurnStart !== null && t.dayBurnEnd !== null) {
    out.push({ kind: 'dayBurning', holds: lit && inWindow(minuteOfDay(m.ts, timeZone), t.dayBurnStart, t.dayBurnEnd), value: null, phase: null });
  }
  return out;
}
