import SunCalc from 'suncalc';
import type { SolarEvent } from '@sl/contracts';
import { zonedTime } from './zone-time.js';

export type SolarTimes = Record<SolarEvent, number | null>;

const valid = (d: Date) => (Number.isNaN(d.getTime()) ? null : d.getTime());

/**
 * Sunrise, sunset, civil dawn and dusk (epoch ms) of the local `date` in `timeZone` at a place;
 * null for an event that does not happen that day (polar day or night).
 */
export function solarTimes(date: string, lat: number, lng: number, timeZone: string): SolarTimes {
  const t = SunCalc.getTimes(new Date(zonedTime(date, 12 * 60, timeZone)), lat, lng);
  return { sunrise: valid(t.sunrise), sunset: valid(t.sunset), dawn: valid(t.dawn), dusk: valid(t.dusk) };
}
