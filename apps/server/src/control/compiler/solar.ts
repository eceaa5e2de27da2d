import { solarDay, type EventTime, type SolarEvent } from '@sl/contracts';
import { zonedTime } from './zone-time.js';

export type SolarTimes = Record<SolarEvent, number | null>;

/** Where the sun stays all day when it neither rises nor sets: `dark` (polar night), `light` (midnight sun). */
export type AllDay = 'dark' | 'light' | null;

const time = (t: EventTime) => (typeof t === 'number' ? t : null);

/**
 * Sunrise, sunset, civil dawn and dusk (epoch ms) of the local `date` in `timeZone` at a place, from
 * the solar day whose noon is nearest the date's local noon (NOAA's equations, shared with the
 * terminal); null for an event that does not happen that day (polar day or night).
 */
export function solarTimes(date: string, lat: number, lng: number, timeZone: string): SolarTimes & { allDay: AllDay } {
  const { events } = solarDay(zonedTime(date, 12 * 60, timeZone), lat, lng);
  const allDay: AllDay = events.sunrise === 'below' && events.sunset === 'below' ? 'dark' : events.sunrise === 'above' && events.sunset === 'above' ? 'light' : null;
  return { sunrise: time(events.sunrise), sunset: time(events.sunset), dawn: time(events.dawn), dusk: time(events.dusk), allDay };
}
