import { solarTimes } from '../control/compiler/solar.js';
import { addDays, zonedDate, zonedTime } from '../control/compiler/zone-time.js';

/** Level after local midnight, when the streets are empty. */
export const NIGHT_DIM = 60;

/** A stretch of time (epoch ms, `hi` excluded) when a demo lamp burns at `dim` percent. */
export interface LitSpan {
  lo: number;
  hi: number;
  dim: number;
}

/**
 * When a demo lamp burns between `from` and `to`: from sunset to sunrise at its position (the
 * control domain's sun times), full until local midnight and dimmed after it.
 */
export function litSpans(from: number, to: number, lat: number, lng: number, timeZone: string): LitSpan[] {
  const spans: LitSpan[] = [];
  const last = zonedDate(to, timeZone);
  for (let date = zonedDate(from, timeZone); date <= last; date = addDays(date, 1)) {
    const sun = solarTimes(date, lat, lng, timeZone);
    // A polar day or night has no event: keep a plain 06:00-18:00 day rather than none.
    const sunrise = sun.sunrise ?? zonedTime(date, 360, timeZone);
    const sunset = sun.sunset ?? zonedTime(date, 1080, timeZone);
    spans.push({ lo: zonedTime(date, 0, timeZone), hi: sunrise, dim: NIGHT_DIM }, { lo: sunset, hi: zonedTime(addDays(date, 1), 0, timeZone), dim: 100 });
  }
  return spans.filter((s) => s.hi > from && s.lo < to);
}
