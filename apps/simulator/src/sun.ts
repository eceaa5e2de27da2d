import SunCalc from 'suncalc';

const DAY_MS = 86_400_000;
const cache = new Map<string, { sunrise: number; sunset: number; dawn: number; dusk: number }>();

/** Sunrise, sunset, civil dawn and dusk (epoch ms) of the local day that starts at `dayStartMs`; NaN in polar day/night. */
export function sunTimes(dayStartMs: number, lat: number, lng: number) {
  // Terminals of one fleet sit within a few km: 0.01° is well under a minute of sunset.
  const key = `${Math.round(dayStartMs / DAY_MS)}:${lat.toFixed(2)}:${lng.toFixed(2)}`;
  let hit = cache.get(key);
  if (!hit) {
    const t = SunCalc.getTimes(new Date(dayStartMs + DAY_MS / 2), lat, lng);
    hit = { sunrise: t.sunrise.getTime(), sunset: t.sunset.getTime(), dawn: t.dawn.getTime(), dusk: t.dusk.getTime() };
    if (cache.size > 50_000) cache.clear();
    cache.set(key, hit);
  }
  return hit;
}

/** Whether the sun is down at `nowMs`. */
export function isNight(nowMs: number, lat: number, lng: number, tzOffsetMin: number): boolean {
  const { sunrise, sunset } = sunTimes(localDayStart(nowMs, tzOffsetMin), lat, lng);
  if (Number.isNaN(sunrise) || Number.isNaN(sunset)) return false;
  return nowMs < sunrise || nowMs >= sunset;
}

/** Epoch ms of local midnight of the day containing `nowMs`. */
export function localDayStart(nowMs: number, tzOffsetMin: number): number {
  const off = tzOffsetMin * 60_000;
  return Math.floor((nowMs + off) / DAY_MS) * DAY_MS - off;
}

/** ISO weekday 1 = Monday … 7 = Sunday of the local day starting at `dayStartMs`. */
export function localWeekday(dayStartMs: number, tzOffsetMin: number): number {
  const d = new Date(dayStartMs + tzOffsetMin * 60_000).getUTCDay();
  return d === 0 ? 7 : d;
}

export const defaultTzOffsetMin = (lng: number) => Math.round(lng / 15) * 60;
export { DAY_MS };
