import { dateOfDay, utcMidnight, type LocalCalendar } from './calendar.js';

/**
 * Local calendars of zones with daylight saving (docs/protocol.md §5): from an IANA name (the runtime's
 * time zone data) or from a list of offset transitions (what `plan.bind` carries for a terminal without
 * such data). A clock time that does not exist (the hour skipped in spring) is the first instant after
 * the gap; one that happens twice (the hour repeated in autumn) is its first occurrence.
 */

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** Minutes ahead of UTC at an instant. */
export type OffsetAt = (epochMs: number) => number;

/** One change of a zone's offset: from `at` (epoch ms) on, local time is UTC plus `offsetMin`. */
export interface ZoneTransition {
  at: number;
  offsetMin: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes `timeZone` is ahead of UTC at `epochMs`, daylight saving included (the runtime's zone data). */
export function zoneOffsetMin(timeZone: string, epochMs: number): number {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, f);
  }
  const s = Math.floor(epochMs / 1000) * 1000;
  const p = Object.fromEntries(f.formatToParts(new Date(s)).map((x) => [x.type, x.value]));
  return Math.round((Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - s) / MINUTE);
}

/**
 * The instant local wall time `wall` (epoch ms as if local time were UTC) happens: of the offsets in
 * force around it (a zone is at most 14 h from UTC), the earliest instant that reads `wall`; in a gap,
 * the first instant after it (found to the minute: zones change offset on whole minutes).
 */
export function instantOfWall(wall: number, offsetAt: OffsetAt): number {
  const before = offsetAt(wall - 15 * HOUR);
  const after = offsetAt(wall + 15 * HOUR);
  const candidates = [wall - before * MINUTE, wall - after * MINUTE].filter((t) => offsetAt(t) * MINUTE === wall - t);
  if (candidates.length) return Math.min(...candidates);
  // In a gap: the transition lies between the two readings; take its first minute.
  let lo = Math.floor(Math.min(wall - before * MINUTE, wall - after * MINUTE) / MINUTE);
  let hi = Math.ceil(Math.max(wall - before * MINUTE, wall - after * MINUTE) / MINUTE);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetAt(mid * MINUTE) === before) lo = mid;
    else hi = mid;
  }
  return hi * MINUTE;
}

/** A local calendar from an offset function; instants of dates are remembered (programs are evaluated every minute). */
export function offsetCalendar(offsetAt: OffsetAt): LocalCalendar {
  const instants = new Map<string, number>();
  return {
    at: (date, minute) => {
      const key = `${date} ${minute}`;
      let t = instants.get(key);
      if (t === undefined) {
        if (instants.size > 20_000) instants.clear();
        instants.set(key, (t = instantOfWall(utcMidnight(date) + minute * MINUTE, offsetAt)));
      }
      return t;
    },
    dateOf: (ms) => dateOfDay(Math.floor((ms + offsetAt(ms) * MINUTE) / DAY)),
  };
}

const zoneCalendars = new Map<string, LocalCalendar>();

/** The local calendar of an IANA zone, daylight saving included. */
export function zoneCalendar(timeZone: string): LocalCalendar {
  let c = zoneCalendars.get(timeZone);
  if (!c) zoneCalendars.set(timeZone, (c = offsetCalendar((ms) => zoneOffsetMin(timeZone, ms))));
  return c;
}

/** The offset in force at an instant by a transition list (sorted by `at`): the last one at or before it, else the first. */
export function transitionsOffsetAt(transitions: ZoneTransition[]): OffsetAt {
  return (ms) => {
    let lo = 0;
    let hi = transitions.length - 1;
    if (hi < 0) return 0;
    if (ms < transitions[0].at) return transitions[0].offsetMin;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (transitions[mid].at <= ms) lo = mid;
      else hi = mid - 1;
    }
    return transitions[lo].offsetMin;
  };
}

/** Samples a zone every 6 hours: no zone changes its offset twice that quickly. */
const SAMPLE_MS = 6 * HOUR;

/**
 * A zone's offset at `from` and every change of it before `to`, to the minute: what a terminal without
 * time zone data needs to keep clock times right across daylight saving.
 */
export function zoneTransitions(timeZone: string, from: number, to: number): ZoneTransition[] {
  const start = Math.floor(from / MINUTE) * MINUTE;
  const out: ZoneTransition[] = [{ at: start, offsetMin: zoneOffsetMin(timeZone, start) }];
  for (let t = start; t < to; t += SAMPLE_MS) {
    const next = Math.min(t + SAMPLE_MS, to);
    const offset = zoneOffsetMin(timeZone, next);
    if (offset === out[out.length - 1].offsetMin) continue;
    let lo = t / MINUTE;
    let hi = Math.ceil(next / MINUTE);
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (zoneOffsetMin(timeZone, mid * MINUTE) === offset) hi = mid;
      else lo = mid;
    }
    out.push({ at: hi * MINUTE, offsetMin: offset });
  }
  return out;
}
