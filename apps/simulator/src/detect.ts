import type { DeviceEvent } from '@sl/contracts';
import type { FaultName } from './faults.js';
import type { CabinetReadings, LampReadings, Phase } from './readings.js';
import { phaseOfLoop } from './readings.js';
import type { Thresholds } from './state.js';
import type { TerminalConfig } from './types.js';

export interface Alarm {
  event: DeviceEvent;
  value?: number;
  loop?: number;
  phase?: Phase;
}

type Alarms = Map<string, Alarm>;

function add(out: Alarms, alarm: Alarm) {
  out.set(`${alarm.event}:${alarm.loop ?? ''}:${alarm.phase ?? ''}`, alarm);
}

function checkSupply(out: Alarms, t: Thresholds, volts: number, amps: number, on: boolean, phase?: Phase) {
  if (volts > t.voltageHigh) add(out, { event: 'voltageHigh', value: volts, phase });
  if (volts > 0 && volts < t.voltageLow) add(out, { event: 'voltageLow', value: volts, phase });
  if (t.currentHigh !== undefined && amps > t.currentHigh) add(out, { event: 'currentHigh', value: amps, phase });
  if (t.currentLow !== undefined && on && amps < t.currentLow) add(out, { event: 'currentLow', value: amps, phase });
}

/** Alarms a cabinet's own sensors see in a set of readings, against its thresholds. */
export function cabinetAlarms(cfg: TerminalConfig, t: Thresholds, rd: CabinetReadings, loops: boolean[], door: boolean): Alarms {
  const out: Alarms = new Map();
  (['a', 'b', 'c'] as const).slice(0, cfg.phases).forEach((ph) => {
    const on = loops.some((l, i) => l && phaseOfLoop(i + 1, cfg.phases) === ph);
    checkSupply(out, t, rd.voltage[ph], rd.current[ph], on, ph);
    // rdc4m measures over-current per phase, rdcsm per loop (protocol §1).
    if (cfg.family === 'rdc4m' && rd.current[ph] > t.overCurrentA) add(out, { event: 'overCurrent', value: rd.current[ph], phase: ph });
  });
  if (cfg.family === 'rdcsm') {
    rd.loopCurrents.forEach((a, i) => {
      const limit = t.overCurrentLoopA[i + 1] ?? t.overCurrentA;
      if (a > limit) add(out, { event: 'overCurrent', value: Math.round(a * 100) / 100, loop: i + 1 });
    });
  }
  if (rd.leakageMa > t.leakageMa) add(out, { event: 'leakage', value: rd.leakageMa });
  if (door) add(out, { event: 'doorOpen' });
  return out;
}

export function lampAlarms(t: Thresholds, rd: LampReadings, on: boolean, faults: ReadonlySet<FaultName>): Alarms {
  const out: Alarms = new Map();
  checkSupply(out, t, rd.voltage, rd.current, on && !faults.has('lampFailure'));
  if (rd.lampFailure) add(out, { event: 'lampFailure' });
  return out;
}

/** Transitions between two alarm sets, as up/event bodies without mid and ts. */
export function alarmChanges(before: Alarms, after: Alarms) {
  const changes: (Alarm & { state: 'raised' | 'cleared' })[] = [];
  for (const [key, a] of after) if (!before.has(key)) changes.push({ ...a, state: 'raised' });
  for (const [key, a] of before) if (!after.has(key)) changes.push({ ...a, value: undefined, state: 'cleared' });
  return changes;
}
