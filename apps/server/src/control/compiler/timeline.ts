import type { NightCost, ProgramPreview, ProgramStep } from '@sl/contracts';
import { firingsOn, type Firing, type Place } from './resolve.js';
import { solarTimes } from './solar.js';
import { spansCost, type Tariff } from './tariff.js';
import { addDays, zonedTime } from './zone-time.js';

const MINUTE = 60_000;
const HOUR = 3_600_000;

/** Light state of a terminal: which loops are on (a lamp is one loop) and the dim level. */
export interface LightState {
  on: boolean[];
  dim: number;
}

/** Loops a program addresses: the highest loop named, or one for a lamp or an all-loops program. */
export const loopsOf = (steps: ProgramStep[]) => Math.max(1, ...steps.flatMap((s) => s.loops ?? []));

/** Applies one step, as the terminal does (protocol §5): `on` sets the level (100 by default), `dim` 0 switches off. */
export function applyStep(state: LightState, step: ProgramStep): void {
  const lit = step.action === 'on' || (step.action === 'dim' && (step.level ?? 100) > 0);
  if (step.action !== 'off') state.dim = step.level ?? (step.action === 'on' ? 100 : state.dim);
  const targets = step.loops?.length ? step.loops : state.on.map((_, i) => i + 1);
  for (const no of targets) if (no >= 1 && no <= state.on.length) state.on[no - 1] = lit;
}

/** 0 (dark) … 100: the share of loops lit times the dim level. */
export const levelOf = (s: LightState) => Math.round((s.on.filter(Boolean).length / s.on.length) * s.dim);

/** Every firing from `fromDate` to `toDate` inclusive, in time order. */
export function firingsBetween(steps: ProgramStep[], fromDate: string, toDate: string, place: Place): Firing[] {
  const out: Firing[] = [];
  for (let d = fromDate; d <= toDate; d = addDays(d, 1)) out.push(...firingsOn(steps, d, place));
  return out.sort((a, b) => a.at - b.at || a.index - b.index);
}

/** The state at `at`: every firing of the week before replayed over an all-off start. */
export function stateAt(steps: ProgramStep[], at: number, date: string, place: Place): LightState {
  const state: LightState = { on: Array.from({ length: loopsOf(steps) }, () => false), dim: 100 };
  for (const f of firingsBetween(steps, addDays(date, -7), addDays(date, 1), place)) {
    if (f.at > at) break;
    applyStep(state, f.step);
  }
  return state;
}

/** The level changes from `from` to `to` as [start, end, level] spans. */
export function spans(steps: ProgramStep[], date: string, from: number, to: number, place: Place): Array<[number, number, number]> {
  const state = stateAt(steps, from, date, place);
  const out: Array<[number, number, number]> = [];
  let start = from;
  let level = levelOf(state);
  for (const f of firingsBetween(steps, addDays(date, -1), addDays(date, 2), place)) {
    if (f.at <= from) continue;
    if (f.at >= to) break;
    applyStep(state, f.step);
    const next = levelOf(state);
    if (next === level) continue;
    out.push([start, f.at, level]);
    start = f.at;
    level = next;
  }
  out.push([start, to, level]);
  return out;
}

/** What the policy editor draws for one place and date: sun times, firings, levels, burn hours and energy. */
export function preview(steps: ProgramStep[], date: string, place: Place, priced?: { tariff: Tariff & { name: string }; powerW: number }): ProgramPreview {
  const midnight = zonedTime(date, 0, place.timeZone);
  const nextMidnight = zonedTime(addDays(date, 1), 0, place.timeZone);
  const minute = (t: number | null) => (t === null ? null : Math.round((t - midnight) / MINUTE));
  const sun = solarTimes(date, place.lat, place.lng, place.timeZone);
  const tomorrow = solarTimes(addDays(date, 1), place.lat, place.lng, place.timeZone);
  const state: LightState = { on: Array.from({ length: loopsOf(steps) }, () => false), dim: 100 };
  const events = firingsOn(steps, date, place).map((f) => {
    applyStep(state, f.step);
    return { minute: minute(f.at)!, step: f.index + 1, action: f.step.action, level: f.step.action === 'off' ? 0 : (f.step.level ?? 100) };
  });
  const segments = spans(steps, date, midnight, nextMidnight, place).map(([a, b, level]) => ({ from: minute(a)!, to: minute(b)!, level }));
  return { sun: { sunrise: minute(sun.sunrise), sunset: minute(sun.sunset), dawn: minute(sun.dawn), dusk: minute(sun.dusk) }, events, segments, night: night(steps, date, place, sun.sunset, tomorrow.sunrise, priced) };
}

/** The night from sunset to the next sunrise: hours lit, and energy against full power all night. */
function night(steps: ProgramStep[], date: string, place: Place, sunset: number | null, sunrise: number | null, priced?: { tariff: Tariff & { name: string }; powerW: number }) {
  const noon = zonedTime(date, 12 * 60, place.timeZone);
  const nextNoon = zonedTime(addDays(date, 1), 12 * 60, place.timeZone);
  let burn = 0;
  let energy = 0;
  const lit = spans(steps, date, noon, nextNoon, place);
  for (const [a, b, level] of lit) {
    if (level > 0) burn += b - a;
    energy += ((b - a) * level) / 100;
  }
  const full = sunset !== null && sunrise !== null ? sunrise - sunset : 0;
  const round1 = (x: number) => Math.round(x * 10) / 10;
  const energyPct = full > 0 ? round1((energy / full) * 100) : 0;
  return { burnHours: round1(burn / HOUR), fullPowerHours: round1(full / HOUR), energyPct, savedPct: full > 0 ? round1(100 - energyPct) : 0, cost: priced ? nightCost(lit, sunset, sunrise, zonedTime(date, 0, place.timeZone), priced) : null };
}

function nightCost(lit: Array<[number, number, number]>, sunset: number | null, sunrise: number | null, midnight: number, { tariff, powerW }: { tariff: Tariff & { name: string }; powerW: number }): NightCost {
  const program = spansCost(lit, powerW, tariff, midnight);
  const full = sunset !== null && sunrise !== null ? spansCost([[sunset, sunrise, 100]], powerW, tariff, midnight) : { kwh: 0, cost: 0 };
  const r2 = (x: number) => Math.round(x * 100) / 100;
  return { setName: tariff.name, currency: tariff.currency, powerW, kwh: r2(program.kwh), fullKwh: r2(full.kwh), cost: r2(program.cost), fullCost: r2(full.cost), saved: r2(full.cost - program.cost) };
}
