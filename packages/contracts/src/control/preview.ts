import { z } from 'zod';
import { policySteps } from './policy.js';
import { timeZoneField } from '../api/fields.js';
import { id } from '../api/fields.js';

/** Draw a program for one place and night: sun times, switching events, level segments, burn hours and energy saved. */
export const previewBody = z.object({
  steps: policySteps,
  lat: z.number({ error: 'lat must be a number' }).min(-90, 'lat must be -90 to 90').max(90, 'lat must be -90 to 90'),
  lng: z.number({ error: 'lng must be a number' }).min(-180, 'lng must be -180 to 180').max(180, 'lng must be -180 to 180'),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be a date YYYY-MM-DD'),
  timeZone: timeZoneField('timeZone').default('Asia/Shanghai'),
  /** An electricity set: the night is also priced at its time-of-use tariff. */
  electricitySetId: id('electricitySetId').optional(),
  /** Rated power of one lamp, for the energy and cost figures. */
  powerW: z.number({ error: 'powerW must be a number' }).min(1, 'powerW must be 1 to 5000 W').max(5000, 'powerW must be 1 to 5000 W').default(150),
});

/** Minutes after local midnight of the chosen date; 1440 is the next midnight. */
export interface ProgramPreview {
  /** `allDay`: the sun neither rises nor sets that date: `dark` (polar night, the program's night lasts all day) or `light` (midnight sun). */
  sun: { sunrise: number | null; sunset: number | null; dawn: number | null; dusk: number | null; allDay: 'dark' | 'light' | null };
  /** The steps as they fire on that date, in order, at minutes of the day. */
  events: { minute: number; step: number; action: 'on' | 'off' | 'dim'; level: number }[];
  /** The light level (0 off … 100) across the 24 hours of the date. */
  segments: { from: number; to: number; level: number }[];
  /** The night from this date's sunset to the next sunrise (24 h in a polar night, none under the midnight sun). */
  night: { burnHours: number; fullPowerHours: number; energyPct: number; savedPct: number; cost: NightCost | null };
}

/** One lamp's night priced at an electricity set's tariff: the program against full power from sunset to sunrise. */
export interface NightCost {
  setName: string;
  currency: string;
  powerW: number;
  kwh: number;
  fullKwh: number;
  cost: number;
  fullCost: number;
  saved: number;
}
