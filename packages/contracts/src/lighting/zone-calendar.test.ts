import { describe, expect, it } from 'vitest';
import type { ProgramStep } from '../device/commands.js';
import { firingsBetween, stateAt } from './program.js';
import { offsetCalendar, transitionsOffsetAt, zoneCalendar, zoneTransitions } from './zone-calendar.js';

const BERLIN = 'Europe/Berlin';
const berlin = { lat: 52.52, lng: 13.4 };
const STEP_0230: ProgramStep[] = [{ at: '02:30', action: 'on' }, { at: '04:00', action: 'off' }];
const utc = (iso: string) => Date.parse(`${iso}Z`);
/** Transitions as `plan.bind` carries them for 2026 and 2027. */
const transitions = zoneTransitions(BERLIN, Date.UTC(2026, 0, 1), Date.UTC(2028, 0, 1));

describe('zone calendars on daylight-saving nights (Berlin)', () => {
  it('lists the four changes of 2026–27 to the minute, with the offset at the window start', () => {
    expect(transitions).toEqual([
      { at: Date.UTC(2026, 0, 1), offsetMin: 60 },
      { at: utc('2026-03-29T01:00'), offsetMin: 120 },
      { at: utc('2026-10-25T01:00'), offsetMin: 60 },
      { at: utc('2027-03-28T01:00'), offsetMin: 120 },
      { at: utc('2027-10-31T01:00'), offsetMin: 60 },
    ]);
  });

  for (const [name, calendar] of [['IANA name', zoneCalendar(BERLIN)], ['transitions', offsetCalendar(transitionsOffsetAt(transitions))]] as const) {
    describe(`from the ${name}`, () => {
      it('2026-03-29 02:30 does not exist: the step fires at the first instant after the gap (03:00 CEST), once', () => {
        const fired = firingsBetween(STEP_0230, '2026-03-28', '2026-03-30', berlin, calendar).filter((f) => f.step.at === '02:30').map((f) => f.at);
        expect(fired).toEqual([utc('2026-03-28T01:30'), utc('2026-03-29T01:00'), utc('2026-03-30T00:30')]);
        expect(stateAt(STEP_0230, utc('2026-03-29T00:59'), berlin, calendar).on).toEqual([false]);
        expect(stateAt(STEP_0230, utc('2026-03-29T01:00'), berlin, calendar).on).toEqual([true]);
      });

      it('2026-10-25 02:30 happens twice: the step fires once, at the first (02:30 CEST)', () => {
        const fired = firingsBetween(STEP_0230, '2026-10-24', '2026-10-26', berlin, calendar).filter((f) => f.step.at === '02:30').map((f) => f.at);
        expect(fired).toEqual([utc('2026-10-24T00:30'), utc('2026-10-25T00:30'), utc('2026-10-26T01:30')]);
        // The 04:00 off step is 04:00 CET (03:00 UTC); the second 02:30 (01:30 UTC) switches nothing on again.
        expect(stateAt([...STEP_0230, { at: '02:45', action: 'off' }], utc('2026-10-25T01:35'), berlin, calendar).on).toEqual([false]);
      });

      it('reads dates on both sides of a change', () => {
        expect(calendar.dateOf(utc('2026-03-28T23:00'))).toBe('2026-03-29');
        expect(calendar.dateOf(utc('2026-06-30T22:00'))).toBe('2026-07-01');
        expect(calendar.at('2026-07-01', 0)).toBe(utc('2026-06-30T22:00'));
      });
    });
  }

  it('a zone without daylight saving has one entry', () => {
    expect(zoneTransitions('Asia/Shanghai', Date.UTC(2026, 0, 1), Date.UTC(2028, 0, 1))).toEqual([{ at: Date.UTC(2026, 0, 1), offsetMin: 480 }]);
  });
});
