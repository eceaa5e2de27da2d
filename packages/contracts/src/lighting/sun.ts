import type { SolarEvent } from '../device/commands.js';

/**
 * The sun for street lighting, after NOAA's solar calculator (Meeus, "Astronomical Algorithms"; the
 * equations of NOAA's solar calculation spreadsheet, good to about a minute between ±72° latitude).
 * The server and the terminal (simulator) both use it, so a program gives the same times on each.
 */

const RAD = Math.PI / 180;
const MINUTE = 60_000;
const DAY = 86_400_000;

/** Altitude of the sun's centre (degrees) at each event: sunrise and sunset with refraction and the upper limb, dawn and dusk at civil twilight. */
export const EVENT_ALTITUDE: Record<SolarEvent, number> = { sunrise: -0.833, sunset: -0.833, dawn: -6, dusk: -6 };
/** Morning events; the others (sunset, dusk) are evening events. */
export const isMorningEvent = (e: SolarEvent) => e === 'sunrise' || e === 'dawn';

/** Where the sun is in the sky at an instant: declination (radians) and the equation of time (minutes). */
function sunAt(ms: number): { declination: number; eqTimeMin: number } {
  const jc = (ms / DAY + 2440587.5 - 2451545) / 36525;
  const l0 = (280.46646 + jc * (36000.76983 + jc * 0.0003032)) % 360;
  const m = 357.52911 + jc * (35999.05029 - 0.0001537 * jc);
  const e = 0.016708634 - jc * (0.000042037 + 0.0000001267 * jc);
  const centre = Math.sin(m * RAD) * (1.914602 - jc * (0.004817 + 0.000014 * jc)) + Math.sin(2 * m * RAD) * (0.019993 - 0.000101 * jc) + Math.sin(3 * m * RAD) * 0.000289;
  const omega = (125.04 - 1934.136 * jc) * RAD;
  const apparentLong = (l0 + centre - 0.00569 - 0.00478 * Math.sin(omega)) * RAD;
  const obliquity = (23 + (26 + (21.448 - jc * (46.815 + jc * (0.00059 - jc * 0.001813))) / 60) / 60 + 0.00256 * Math.cos(omega)) * RAD;
  const y = Math.tan(obliquity / 2) ** 2;
  const l = l0 * RAD;
  const mr = m * RAD;
  const eq = y * Math.sin(2 * l) - 2 * e * Math.sin(mr) + 4 * e * y * Math.sin(mr) * Math.cos(2 * l) - 0.5 * y * y * Math.sin(4 * l) - 1.25 * e * e * Math.sin(2 * mr);
  return { declination: Math.asin(Math.sin(obliquity) * Math.sin(apparentLong)), eqTimeMin: (4 * eq) / RAD };
}

/** The sun's altitude (degrees, geometric: no refraction) at a place and instant. */
export function sunAltitude(ms: number, lat: number, lng: number): number {
  const { declination, eqTimeMin } = sunAt(ms);
  const trueSolarMin = (((ms % DAY) + DAY) % DAY) / MINUTE + eqTimeMin + 4 * lng;
  const hourAngle = (trueSolarMin / 4 - 180) * RAD;
  const phi = lat * RAD;
  return Math.asin(Math.sin(phi) * Math.sin(declination) + Math.cos(phi) * Math.cos(declination) * Math.cos(hourAngle)) / RAD;
}

/** The solar noon (the sun due south or north) nearest to `ms` at longitude `lng`. */
export function solarNoonNear(ms: number, lng: number): number {
  const meanNoonOfDay = (720 - 4 * lng) * MINUTE;
  const meanNoon = Math.round((ms - meanNoonOfDay) / DAY) * DAY + meanNoonOfDay;
  const noon = meanNoon - sunAt(meanNoon).eqTimeMin * MINUTE;
  return Math.round(meanNoon - sunAt(noon).eqTimeMin * MINUTE);
}

/**
 * An event of a solar day: its time, or where the sun stays for the whole half-day it belongs to
 * (the morning from solar midnight to noon, the evening from noon to the next solar midnight):
 * `below` its altitude (polar night for sunrise and sunset), or `above` it (midnight sun).
 */
export type EventTime = number | 'below' | 'above';

/** One solar day: from the solar midnight before its noon to the one after it, and the four events in it. */
export interface SolarDay {
  noon: number;
  midnightBefore: number;
  midnightAfter: number;
  events: Record<SolarEvent, EventTime>;
}

/**
 * When the sun crosses `altitude` in one half of a solar day, by the hour angle of the crossing
 * with the sun taken at that moment (three passes), kept inside the half-day.
 */
function crossing(noon: number, from: number, to: number, altitude: number, morning: boolean, lat: number, lng: number): EventTime {
  const ends = [sunAltitude(from, lat, lng), sunAltitude(to, lat, lng)];
  const [start, end] = morning ? ends : [ends[1], ends[0]];
  // Morning: from the midnight (low) up to noon (high); evening: the same, mirrored.
  if (end <= altitude) return 'below';
  if (start >= altitude) return 'above';
  const phi = lat * RAD;
  const meanNoonOfDay = (720 - 4 * lng) * MINUTE;
  const meanNoon = Math.round((noon - meanNoonOfDay) / DAY) * DAY + meanNoonOfDay;
  let t = noon;
  for (let pass = 0; pass < 3; pass++) {
    const { declination, eqTimeMin } = sunAt(t);
    const cos = (Math.sin(altitude * RAD) - Math.sin(phi) * Math.sin(declination)) / (Math.cos(phi) * Math.cos(declination));
    const hourAngleMs = (Math.acos(Math.max(-1, Math.min(1, cos))) / RAD) * 4 * MINUTE;
    t = meanNoon - eqTimeMin * MINUTE + (morning ? -hourAngleMs : hourAngleMs);
  }
  return Math.round(Math.min(to, Math.max(from, t)));
}

/** Solar days by place, then by the minute asked for; cleared as a whole when it grows large. */
const cache = new Map<string, Map<number, SolarDay>>();
let cached = 0;

/**
 * The solar day whose noon is nearest `nearMs` (pass a local noon to get that date's) at a place.
 * Its solar midnights are halfway to the neighbouring noons, so consecutive days share them exactly.
 */
export function solarDay(nearMs: number, lat: number, lng: number): SolarDay {
  const placeKey = `${lat},${lng}`;
  let days = cache.get(placeKey);
  const minute = Math.round(nearMs / MINUTE);
  const hit = days?.get(minute);
  if (hit) return hit;
  const noon = solarNoonNear(nearMs, lng);
  const midnightBefore = Math.round((solarNoonNear(noon - DAY, lng) + noon) / 2);
  const midnightAfter = Math.round((noon + solarNoonNear(noon + DAY, lng)) / 2);
  const at = (e: SolarEvent) => (isMorningEvent(e) ? crossing(noon, midnightBefore, noon, EVENT_ALTITUDE[e], true, lat, lng) : crossing(noon, noon, midnightAfter, EVENT_ALTITUDE[e], false, lat, lng));
  const day: SolarDay = { noon, midnightBefore, midnightAfter, events: { sunrise: at('sunrise'), sunset: at('sunset'), dawn: at('dawn'), dusk: at('dusk') } };
  if (++cached > 20_000) {
    cache.clear();
    cached = 1;
    days = undefined;
  }
  if (!days) cache.set(placeKey, (days = new Map()));
  days.set(minute, day);
  return day;
}
