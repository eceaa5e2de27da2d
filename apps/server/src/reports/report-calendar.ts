import { sunAltitude, type ReportGroup, type TariffPeriod } from '@sl/contracts';
import { addDays, zoneOffsetMin, zonedTime } from '../control/compiler/zone-time.js';

const HOUR_MS = 3_600_000;
/** The sun's centre at sunset and sunrise (refraction and upper limb): below it, it is night. */
const SUNSET_ALTITUDE = -0.833;

/** The local days from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

/** A place the night is reckoned at: the mean position of the lamps of a report. */
export interface Place {
  lat: number;
  lng: number;
}

/**
 * The starts (epoch ms) of the local hours of `day` in `timeZone` that are night at `place`: the sun below the horizon
 * (-0.833°) at the middle of the hour. A report samples the night per hour, so a lamp that should be lit is lit hours.
 */
export function nightHours(day: string, timeZone: string, place: Place): number[] {
  const start = zonedTime(day, 0, timeZone);
  const end = zonedTime(addDays(day, 1), 0, timeZone);
  const hours: number[] = [];
  for (let t = start; t < end; t += HOUR_MS) if (sunAltitude(t + HOUR_MS / 2, place.lat, place.lng) < SUNSET_ALTITUDE) hours.push(t);
  return hours;
}

/** The hour (0–23) on the local clock of `timeZone` at `ms`: the bit of the daily rollups' lit_hours. */
export function localClockHour(ms: number, timeZone: string): number {
  const local = ms + zoneOffsetMin(timeZone, ms) * 60_000;
  return Math.floor((((local % 86_400_000) + 86_400_000) % 86_400_000) / HOUR_MS);
}

const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** The price per kWh at a minute of the local day: the period holding it (electricity sets cover the day). */
const priceAt = (periods: TariffPeriod[], minute: number) => {
  const m = ((minute % 1440) + 1440) % 1440;
  return periods.find((p) => minuteOf(p.from) <= m && m < (p.to === '24:00' ? 1440 : minuteOf(p.to)))?.price ?? 0;
};

/** The mean price per kWh of a tariff over the given hours (each priced at its middle, on the local clock of `timeZone`). */
export function meanPrice(periods: TariffPeriod[], hourStarts: number[], day: string, timeZone: string): number {
  if (!periods.length || !hourStarts.length) return 0;
  const midnight = zonedTime(day, 0, timeZone);
  const sum = hourStarts.reduce((s, t) => s + priceAt(periods, Math.floor((t + HOUR_MS / 2 - midnight) / 60_000)), 0);
  return sum / hourStarts.length;
}

/** The first day of the period of `groupBy` holding `day` (weeks start on Monday); the day itself for place groups. */
export function periodOf(day: string, groupBy: ReportGroup): string {
  switch (groupBy) {
    case 'week': {
      const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
      return addDays(day, -weekday);
    }
    case 'month':
      return `${day.slice(0, 7)}-01`;
    case 'year':
      return `${day.slice(0, 4)}-01-01`;
    default:
      return day;
  }
}

/** The same day a year earlier (29 February becomes the 28th). */
export function yearBefore(day: string): string {
  const y = String(Number(day.slice(0, 4)) - 1).padStart(4, '0');
  const candidate = `${y}${day.slice(4)}`;
  return day.slice(5) === '02-29' ? `${y}-02-28` : candidate;
}
