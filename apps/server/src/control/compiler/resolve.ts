import { firingsOn as firingsOnCalendar, type Firing, type ProgramStep } from '@sl/contracts';
import { zoneCalendar } from './zone-time.js';

export interface Place {
  lat: number;
  lng: number;
  timeZone: string;
}

export type { Firing };

/**
 * When each step fires on the local `date`, in firing order. A step skips a day outside its
 * weekdays; a solar step whose event does not happen that day follows the sun (polar night keeps
 * the night on, midnight sun keeps it off: `@sl/contracts` lighting/program.ts).
 */
export function firingsOn(steps: ProgramStep[], date: string, place: Place): Firing[] {
  return firingsOnCalendar(steps, date, place, zoneCalendar(place.timeZone));
}
