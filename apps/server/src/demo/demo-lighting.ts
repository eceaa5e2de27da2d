import type { ProgramStep } from '@sl/contracts';
import { spans } from '../control/compiler/timeline.js';
import { addDays, zonedDate, zonedTime } from '../control/compiler/zone-time.js';

/** Level after local midnight, when the streets are empty. */
export const NIGHT_DIM = 60;

/** A stretch of time (epoch ms, `hi` excluded) when a demo lamp burns at `dim` percent. */
export interface LitSpan {
  lo: number;
  hi: number;
  dim: number;
}

/** The demo's program: on at sunset, dimmed at local midnight, off at sunrise (the control domain's rule, polar days included). */
const DEMO_PROGRAM: ProgramStep[] = [
  { at: 'sunset', action: 'on', level: 100 },
  { at: '00:00', action: 'dim', level: NIGHT_DIM },
  { at: 'sunrise', action: 'off' },
];

/**
 * When a demo lamp burns between `from` and `to`: the demo program at its position, full from sunset until local
 * midnight and dimmed after it until sunrise. Where the sun does not set or rise the lamp follows its altitude as
 * programs do (docs/control.md): lit all day through the polar night (dimmed from midnight to solar noon), dark
 * through the midnight sun.
 */
export function litSpans(from: number, to: number, lat: number, lng: number, timeZone: string): LitSpan[] {
  const out: LitSpan[] = [];
  const place = { lat, lng, timeZone };
  const last = zonedDate(to, timeZone);
  for (let date = zonedDate(from, timeZone); date <= last; date = addDays(date, 1)) {
    for (const [lo, hi, level] of spans(DEMO_PROGRAM, date, zonedTime(date, 0, timeZone), zonedTime(addDays(date, 1), 0, timeZone), place)) {
      if (level > 0 && hi > from && lo < to) out.push({ lo, hi, dim: level });
    }
  }
  return out;
}
