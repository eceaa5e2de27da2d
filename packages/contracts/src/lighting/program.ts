import type { ProgramStep, SolarEvent } from '../device/commands.js';
import { addDays, dateOfDay, isoWeekday, utcMidnight, type LocalCalendar } from './calendar.js';
import { isMorningEvent, solarDay, type SolarDay } from './sun.js';

/**
 * How a terminal runs its program (docs/protocol.md §5, docs/control.md §1); the server's timeline,
 * preview and verification and the simulated terminal all evaluate programs here.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

export interface ProgramPlace {
  lat: number;
  lng: number;
}

/** A step as it fires on one local date: its epoch time, its index in the program and its place in a tie. */
export interface Firing {
  at: number;
  index: number;
  step: ProgramStep;
  date: string;
  /** At the same instant: earlier dates first, then morning solar steps, clock steps, evening solar steps. */
  rank: number;
}

/** Light state of a terminal: which loops are on (a lamp is one loop) and the dim level. */
export interface LightState {
  on: boolean[];
  dim: number;
}

const isSolar = (at: string): at is SolarEvent => !at.includes(':');
const clamp = (t: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, t));

/**
 * When a solar step fires in its solar day, or null when it does not. A morning step (sunrise,
 * dawn) stays between the solar midnight and noon, an evening step (sunset, dusk) between noon and
 * the next solar midnight, whatever its offset, so a short day or night never swaps them. Where the
 * event does not happen, the step follows the sun: in a dark half-day (polar night) an evening step
 * fires at noon and a morning step not at all, so the night goes on; in a bright one (midnight sun)
 * a morning step fires at the solar midnight and an evening step not at all.
 */
function solarFiring(day: SolarDay, event: SolarEvent, offsetMs: number): number | null {
  const t = day.events[event];
  const morning = isMorningEvent(event);
  if (typeof t === 'number') return morning ? clamp(t + offsetMs, day.midnightBefore, day.noon) : clamp(t + offsetMs, day.noon, day.midnightAfter);
  if (t === 'below') return morning ? null : day.noon;
  return morning ? day.midnightBefore : null;
}

const clockMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * A solar firing moved into the step's clamps on its local date: not before `notBefore`, not after `notAfter`;
 * a step the sun leaves unfired that day still fires at `notAfter` ("at the latest").
 */
function clampedFiring(at: number | null, step: ProgramStep, date: string, calendar: LocalCalendar): number | null {
  const notAfter = step.notAfter === undefined ? undefined : calendar.at(date, clockMinutes(step.notAfter));
  if (at === null) return notAfter ?? null;
  const notBefore = step.notBefore === undefined ? undefined : calendar.at(date, clockMinutes(step.notBefore));
  if (notBefore !== undefined && at < notBefore) at = notBefore;
  return notAfter !== undefined && at > notAfter ? notAfter : at;
}

/** The solar day of a local date: the one whose noon is nearest the date's local noon. */
export const solarDayOf = (date: string, place: ProgramPlace, calendar: LocalCalendar) => solarDay(calendar.at(date, 12 * 60), place.lat, place.lng);

/** When each step fires on the local `date`, in firing order; a step skips a date outside its weekdays; clamps bind solar steps only. */
export function firingsOn(steps: ProgramStep[], date: string, place: ProgramPlace, calendar: LocalCalendar): Firing[] {
  const weekday = isoWeekday(date);
  let day: SolarDay | undefined;
  const out: Firing[] = [];
  steps.forEach((step, index) => {
    if (step.days?.length && !step.days.includes(weekday)) return;
    const offsetMs = (step.offsetMin ?? 0) * MINUTE;
    if (!isSolar(step.at)) {
      out.push({ at: calendar.at(date, clockMinutes(step.at)) + offsetMs, index, step, date, rank: 1 });
      return;
    }
    day ??= solarDayOf(date, place, calendar);
    const at = clampedFiring(solarFiring(day, step.at, offsetMs), step, date, calendar);
    if (at !== null) out.push({ at, index, step, date, rank: isMorningEvent(step.at) ? 0 : 2 });
  });
  return out.sort(byFiring);
}

function byFiring(a: Firing, b: Firing): number {
  return a.at - b.at || (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) || a.rank - b.rank || a.index - b.index;
}

/** Every firing from `fromDate` to `toDate` inclusive, in firing order. */
export function firingsBetween(steps: ProgramStep[], fromDate: string, toDate: string, place: ProgramPlace, calendar: LocalCalendar): Firing[] {
  const out: Firing[] = [];
  const last = Math.round(utcMidnight(toDate) / DAY);
  for (let day = Math.round(utcMidnight(fromDate) / DAY); day <= last; day++) out.push(...firingsOn(steps, dateOfDay(day), place, calendar));
  return out.sort(byFiring);
}

/**
 * Applies one step: `on` switches its loops on at its level (100 when absent) and `off` switches
 * them off; `dim` above 0 changes the level of a lamp that is lit and never lights a dark one
 * (to light at a level, a step says `on` with that level); `dim` 0 switches off.
 */
export function applyStep(state: LightState, step: ProgramStep): void {
  const targets = step.loops?.length ? step.loops.filter((no) => no >= 1 && no <= state.on.length) : state.on.map((_, i) => i + 1);
  if (step.action === 'dim' && step.level !== 0) {
    if (step.level !== undefined && targets.some((no) => state.on[no - 1])) state.dim = step.level;
    return;
  }
  const on = step.action === 'on';
  if (on) state.dim = step.level ?? 100;
  for (const no of targets) state.on[no - 1] = on;
}

/** Loops a program addresses: the highest loop named, or one for a lamp or an all-loops program. */
export const loopsOf = (steps: ProgramStep[]) => Math.max(1, ...steps.flatMap((s) => s.loops ?? []));

/** 0 (dark) … 100: the share of loops lit times the dim level. */
export const levelOf = (s: LightState) => Math.round((s.on.filter(Boolean).length / s.on.length) * s.dim);

/** Days replayed before the moment: a step limited to one weekday fired at most a week ago. */
const REPLAY_DAYS = 8;
/** Days tried first: enough whenever every loop was switched in them and something switched on. */
const RECENT_DAYS = 2;

/**
 * The state at `at`: the firings of the week before replayed over an all-off start. Every solar
 * step fires or not by the sun (see `solarFiring`), so a polar night keeps a sunset-on program lit
 * and a midnight sun keeps it dark however long they last.
 */
export function stateAt(steps: ProgramStep[], at: number, place: ProgramPlace, calendar: LocalCalendar, loops = loopsOf(steps)): LightState {
  const date = calendar.dateOf(at);
  const recent = replay(steps, at, addDays(date, -RECENT_DAYS), date, place, calendar, loops);
  return recent.settled ? recent.state : replay(steps, at, addDays(date, -REPLAY_DAYS), date, place, calendar, loops).state;
}

/**
 * Replays from `fromDate` to `at`. Settled: every loop was switched on or off on the way, and a step
 * switched on (setting the level) once they all were, so an earlier start would give the same state.
 */
function replay(steps: ProgramStep[], at: number, fromDate: string, date: string, place: ProgramPlace, calendar: LocalCalendar, loops: number) {
  const state: LightState = { on: Array.from({ length: loops }, () => false), dim: 100 };
  const switched = new Set<number>();
  let switchedOn = false;
  for (const f of firingsBetween(steps, fromDate, addDays(date, 1), place, calendar)) {
    if (f.at > at) break;
    applyStep(state, f.step);
    if (f.step.action === 'dim' && f.step.level !== 0) continue;
    for (let no = 1; no <= loops; no++) if (!f.step.loops?.length || f.step.loops.includes(no)) switched.add(no);
    switchedOn ||= f.step.action === 'on' && switched.size === loops;
  }
  return { state, settled: switchedOn && switched.size === loops };
}
