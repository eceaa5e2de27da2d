import type { ProgramStep } from '@sl/contracts';
import { solarTimes } from './solar.js';
import { isoWeekday, zonedTime } from './zone-time.js';

export interface Place {
  lat: number;
  lng: number;
  timeZone: string;
}

/** A step as it fires on one day: its epoch time and its index in the program. */
export interface Firing {
  at: number;
  index: number;
  step: ProgramStep;
}

const isSolar = (at: string) => !at.includes(':');

/**
 * When each step fires on the local `date`, in time order. A step skips a day outside its
 * weekdays, and a solar step skips a day its event does not happen (polar day or night).
 */
export function firingsOn(steps: ProgramStep[], date: string, place: Place): Firing[] {
  const weekday = isoWeekday(date);
  const needsSun = steps.some((s) => isSolar(s.at));
  const sun = needsSun ? solarTimes(date, place.lat, place.lng, place.timeZone) : undefined;
  const out: Firing[] = [];
  steps.forEach((step, index) => {
    if (step.days?.length && !step.days.includes(weekday)) return;
    let base: number | null;
    if (isSolar(step.at)) base = sun![step.at as keyof typeof sun];
    else {
      const [h, m] = step.at.split(':').map(Number);
      base = zonedTime(date, h * 60 + m, place.timeZone);
    }
    if (base === null) return;
    out.push({ at: base + (step.offsetMin ?? 0) * 60_000, index, step });
  });
  return out.sort((a, b) => a.at - b.at || a.index - b.index);
}
