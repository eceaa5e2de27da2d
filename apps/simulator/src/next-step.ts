import { addDays, firingsBetween, type ProgramStep } from '@sl/contracts';
import { siteCalendar, type Site } from './program.js';

/** Days looked ahead for the next step: a step limited to one weekday fires within a week. */
const LOOK_AHEAD_DAYS = 8;

/** When the program's next step after `now` fires (terminal clock), or null when none fires within a week. */
export function nextStepAt(steps: ProgramStep[], now: number, site: Site): number | null {
  const calendar = siteCalendar(site);
  const today = calendar.dateOf(now);
  // From yesterday: a step of yesterday's date may fire after midnight (a late offset).
  for (let d = -1; d < LOOK_AHEAD_DAYS; d++) {
    const date = addDays(today, d);
    const next = firingsBetween(steps, date, date, { lat: site.lat, lng: site.lng }, calendar).find((f) => f.at > now);
    if (next) return next.at;
  }
  return null;
}
