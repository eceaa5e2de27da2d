/**
 * The energy model of docs/energy.md written again, plainly and apart from the server's SQL, for tests to
 * compare with: the meter's rise between consecutive readings (a drop counts nothing; readings over three
 * days apart are not joined), spread evenly over the time between them and cut at local midnights.
 */
export interface MeterReading {
  ts: number;
  e: number;
}

const DAY_MS = 86_400_000;
const GAP_MS = 3 * DAY_MS;
const formats = new Map<string, Intl.DateTimeFormat>();

/** The local date (YYYY-MM-DD) of an instant in a time zone. */
export function localDay(ms: number, timeZone: string): string {
  let f = formats.get(timeZone);
  if (!f) formats.set(timeZone, (f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return f.format(ms);
}

/** The first instant of the local day after the one holding `ms` (a bisection: no zone arithmetic to get wrong). */
export function nextMidnight(ms: number, timeZone: string): number {
  const day = localDay(ms, timeZone);
  let lo = ms;
  let hi = ms + 1.5 * DAY_MS;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (localDay(mid, timeZone) === day) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** Energy per local day from one meter's readings, counted only inside [from, to]. */
export function energyPerDay(readings: MeterReading[], timeZone: string, from = -Infinity, to = Infinity): Map<string, number> {
  const out = new Map<string, number>();
  const add = (ms: number, kwh: number) => out.set(localDay(ms, timeZone), (out.get(localDay(ms, timeZone)) ?? 0) + kwh);
  const sorted = [...readings].sort((a, b) => a.ts - b.ts || a.e - b.e);
  for (let i = 1; i < sorted.length; i++) {
    const [a, b] = [sorted[i - 1], sorted[i]];
    const rise = b.e - a.e;
    if (rise <= 0 || b.ts - a.ts > GAP_MS) continue;
    if (b.ts === a.ts) {
      if (a.ts >= from && a.ts <= to) add(a.ts, rise);
      continue;
    }
    const hi = Math.min(b.ts, to);
    for (let t = Math.max(a.ts, from); t < hi; ) {
      const end = Math.min(hi, nextMidnight(t, timeZone));
      add(t, (rise * (end - t)) / (b.ts - a.ts));
      t = end;
    }
  }
  return out;
}

/** The total of `energyPerDay`. */
export const energyIn = (readings: MeterReading[], timeZone: string, from?: number, to?: number) =>
  [...energyPerDay(readings, timeZone, from, to).values()].reduce((s, v) => s + v, 0);
