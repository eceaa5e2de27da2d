import type { PowerFaultKind } from '@sl/contracts';
import { absoluteMinW, commandedLit, expectedW, judgePower, type LampReading, type PowerLimits } from './power-judge.js';

const HOUR_MS = 3_600_000;

interface Condition {
  /** Reading time the condition was first seen holding; null while it does not. */
  since: number | null;
  /** Whether an alarm is believed open; null after a start or a failed write (the next reading writes again). */
  raised: boolean | null;
}

interface LampState {
  conditions: Map<PowerFaultKind, Condition>;
  /** Times the lamp went dark while commanded lit, within the last hour. */
  cycles: number[];
  wasLit: boolean | null;
}

export interface PowerChange {
  kind: PowerFaultKind;
  raised: boolean;
  value: number;
}

/** What one reading adds to its lamp's day (lamp_day). */
export interface DayContribution {
  litReadings: number;
  ratio: number;
  pf: number;
  cycles: number;
  burnHours: number;
}

/**
 * Power faults of lamps, with debounce: a condition raises once it has held in every reading for the limits'
 * `debounceS` (reading timestamps), and clears on the first reading judged back in band. Cycling: more than
 * `cyclingPerHour` lit → dark changes while commanded lit within the last hour; it clears when the hour holds no more.
 */
export class PowerWatch {
  private readonly lamps = new Map<number, LampState>();

  /** Judges one reading of lamp `key`; answers the alarm changes to write and what the reading adds to the lamp's day. */
  observe(key: number, l: PowerLimits, r: LampReading): { changes: PowerChange[]; day: DayContribution } {
    let s = this.lamps.get(key);
    if (!s) this.lamps.set(key, (s = { conditions: new Map(), cycles: [], wasLit: null }));
    const judged = judgePower(l, r);
    const lit = r.powerW > absoluteMinW(l);
    let cycled = 0;
    if (commandedLit(r) && !judged.supplyLoss) {
      if (s.wasLit === true && !lit) {
        s.cycles.push(r.ts);
        cycled = 1;
      }
      s.wasLit = lit;
    } else s.wasLit = null;
    s.cycles = s.cycles.filter((t) => r.ts - t < HOUR_MS);
    if (commandedLit(r) && !judged.supplyLoss) judged.cyclingFailure = s.cycles.length > l.cyclingPerHour;
    const changes: PowerChange[] = [];
    for (const [kind, holds] of Object.entries(judged) as Array<[PowerFaultKind, boolean]>) {
      let c = s.conditions.get(kind);
      if (!c) s.conditions.set(kind, (c = { since: null, raised: null }));
      const debounceMs = kind === 'cyclingFailure' ? 0 : l.debounceS * 1000;
      const value = kind === 'cyclingFailure' ? s.cycles.length : Math.round(r.powerW * 10) / 10;
      if (holds) {
        c.since ??= r.ts;
        if (c.raised !== true && r.ts - c.since >= debounceMs) {
          c.raised = true;
          changes.push({ kind, raised: true, value });
        }
      } else {
        c.since = null;
        if (c.raised !== false) {
          c.raised = false;
          changes.push({ kind, raised: false, value });
        }
      }
    }
    const expected = expectedW(l, r);
    const counted = commandedLit(r) && !judged.supplyLoss && expected > 0;
    return { changes, day: { litReadings: counted ? 1 : 0, ratio: counted ? r.powerW / expected : 0, pf: counted ? r.powerFactor : 0, cycles: cycled, burnHours: r.burnHours } };
  }

  /** A write failed: the condition's state is unknown, so the next reading writes it again. */
  unknown(key: number, kind: PowerFaultKind) {
    const c = this.lamps.get(key)?.conditions.get(kind);
    if (c) c.raised = null;
  }

  forget(key: number) {
    this.lamps.delete(key);
  }
}
