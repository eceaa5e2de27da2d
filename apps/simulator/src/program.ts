import { fixedOffsetCalendar, offsetCalendar, stateAt, transitionsOffsetAt, type LocalCalendar, type OverrideParams, type ProgramStep, type ProgramZone } from '@sl/contracts';

export interface Site {
  lat: number;
  lng: number;
  tzOffsetMin: number;
  /** The bound program's zone (protocol §5): when given, clock times follow its transitions, not `tzOffsetMin`. */
  tz?: ProgramZone;
  loops: number;
}

export interface Decision {
  loops: boolean[];
  dim: number;
}

/** A terminal's local time when it was never told one: round(longitude / 15) hours (protocol §5). */
export const defaultTzOffsetMin = (lng: number) => Math.round(lng / 15) * 60;

/** Without a bound program a terminal switches on at sunset and off at sunrise. */
export const DEFAULT_PROGRAM: ProgramStep[] = [
  { at: 'sunset', action: 'on' },
  { at: 'sunrise', action: 'off' },
];

const calendars = new Map<number, LocalCalendar>();
const zoneCalendars = new WeakMap<ProgramZone, LocalCalendar>();
/**
 * The calendar a site's clock times are read in: the bound zone's transitions (daylight saving included: a skipped
 * time fires at the first instant after the gap, a repeated one once, at its first occurrence), else the fixed offset.
 */
export function siteCalendar(site: Pick<Site, 'tzOffsetMin' | 'tz'>): LocalCalendar {
  if (site.tz) {
    let z = zoneCalendars.get(site.tz);
    if (!z) zoneCalendars.set(site.tz, (z = offsetCalendar(transitionsOffsetAt(site.tz.transitions))));
    return z;
  }
  let c = calendars.get(site.tzOffsetMin);
  if (!c) calendars.set(site.tzOffsetMin, (c = fixedOffsetCalendar(site.tzOffsetMin)));
  return c;
}
// Terminals of one fleet sit within a few km: 0.01° is a few seconds of sunset, and they share sun days.
const near = (deg: number) => Math.round(deg * 100) / 100;

/**
 * The lighting state at `now` under the program, in the bound zone's local time (protocol §5): the
 * rule the server's timeline uses (`@sl/contracts` lighting/program.ts), so where the sun does not
 * set or rise the lamp follows it (lit through a polar night, dark under the midnight sun).
 */
export function decide(steps: ProgramStep[], now: number, site: Site): Decision {
  const state = stateAt(steps, now, { lat: near(site.lat), lng: near(site.lng) }, siteCalendar(site), site.loops);
  return { loops: state.on, dim: state.dim };
}

/** The override that rules at `now`: the active one (started, not expired) with the highest seq. */
export function activeOverride(overrides: Map<string, OverrideParams>, now: number): OverrideParams | undefined {
  let best: OverrideParams | undefined;
  for (const [id, o] of overrides) {
    if (o.expiresAt <= now) overrides.delete(id);
    else if (o.startsAt <= now && (!best || o.seq > best.seq)) best = o;
  }
  return best;
}

/** The lighting an override imposes: its loops (all by default) on at its level (`dim` above 0 included), or off. */
export function overrideDecision(o: OverrideParams, loops: number): Decision {
  const on = o.action === 'on' || (o.action === 'dim' && (o.level ?? 100) > 0);
  const state: Decision = { loops: Array.from({ length: loops }, () => false), dim: o.action === 'off' ? 100 : (o.level ?? 100) };
  const targets = o.loops?.length ? o.loops : state.loops.map((_, i) => i + 1);
  for (const no of targets) if (no >= 1 && no <= loops) state.loops[no - 1] = on;
  return state;
}
