import { applyStep, firingsBetween as firingsBetweenCalendar, levelOf, solarDayOf, stateAt as stateAtCalendar, type LightState, type NightCost, type ProgramPreview, type ProgramStep } from '@sl/contracts';
import { firingsOn, type Firing, type Place } from './resolve.js';
import { solarTimes } from './solar.js';
import { spansCost, type Tariff } from './tariff.js';
import { addDays, zoneCalendar, zonedTime } from './zone-time.js';

export { levelOf } from '@sl/contracts';

const MINUTE = 60_000;
const HOUR = 3_600_000;

/** Every firing from `fromDate` to `toDate` inclusive, in firing order. */
export function firingsBetween(steps: ProgramStep[], fromDate: string, toDate: string, place: Place): Firing[] {
  return firingsBetweenCalendar(steps, fromDate, toDate, place, zoneCalendar(place.timeZone));
}

/** The state at `at`, as the terminal finds it (`@sl/contracts` lighting/program.ts). */
export function stateAt(steps: ProgramStep[], at: number, place: Place): LightState {
  return stateAtCalendar(steps, at, place, zoneCalendar(place.timeZone));
}

/** The level changes from `from` to `to` as [start, end, level] spans. */
export function spans(steps: ProgramStep[], date: string, from: number, to: number, place: Place): Array<[number, number, number]> {
  const state = stateAt(steps, from, place);
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
  const events = firingsOn(steps, date, place).map((f) => ({ minute: minute(f.at)!, step: f.index + 1, action: f.step.action, level: f.step.action === 'off' ? 0 : (f.step.level ?? 100) }));
  const segments = spans(steps, date, midnight, nextMidnight, place).map(([a, b, level]) => ({ from: minute(a)!, to: minute(b)!, level }));
  return { sun: { sunrise: minute(sun.sunrise), sunset: minute(sun.sunset), dawn: minute(sun.dawn), dusk: minute(sun.dusk), allDay: sun.allDay }, events, segments, night: night(steps, date, place, priced) };
}

/**
 * The night from this date's sunset to the next sunrise (from or to local noon where the sun stays
 * down all day: a polar night is a night of 24 hours; midnight sun has none): hours lit, and energy
 * against full power all night.
 */
function night(steps: ProgramStep[], date: string, place: Place, priced?: { tariff: Tariff & { name: string }; powerW: number }) {
  const noon = zonedTime(date, 12 * 60, place.timeZone);
  const nextNoon = zonedTime(addDays(date, 1), 12 * 60, place.timeZone);
  const calendar = zoneCalendar(place.timeZone);
  const evening = solarDayOf(date, place, calendar).events.sunset;
  const morning = solarDayOf(addDays(date, 1), place, calendar).events.sunrise;
  const from = typeof evening === 'number' ? evening : evening === 'below' ? noon : null;
  const to = typeof morning === 'number' ? morning : morning === 'below' ? nextNoon : null;
  const sunset = from !== null && to !== null && to > from ? from : null;
  const sunrise = sunset !== null ? to : null;
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
