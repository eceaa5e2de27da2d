import { sql } from 'drizzle-orm';
import type { ProgramStep } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../gateway/sql-rows.js';
import { firingsBetween, levelOf, stateAt } from '../compiler/timeline.js';
import { addDays, zonedDate } from '../compiler/zone-time.js';
import { DEFAULT_TIME_ZONE } from '../download/download-service.js';
import type { VerificationAlarms } from './raise-alarm.js';

/** Readings this close to a step are not judged: the terminal's sun times and clock differ a little from ours. */
export const GRACE_MS = 20 * 60_000;
/** Only readings this recent are judged. */
const FRESH_MS = 15 * 60_000;

interface Observed {
  terminalId: number;
  name: string;
  deptId: number | null;
  lat: number;
  lng: number;
  lit: boolean;
  ts: string | Date;
  program: string;
  timeZone: string | null;
  overrideLevel: number | null;
}

/** The verdict on one reading: what the program (or the ruling override) says, or null inside the grace. */
export function expectedLit(steps: ProgramStep[], at: number, place: { lat: number; lng: number; timeZone: string }): boolean | null {
  const date = zonedDate(at, place.timeZone);
  const near = firingsBetween(steps, addDays(date, -1), addDays(date, 1), place).some((f) => Math.abs(f.at - at) < GRACE_MS);
  if (near) return null;
  return levelOf(stateAt(steps, at, place)) > 0;
}

/**
 * Compares the latest heartbeat of each bound terminal in auto mode with what it should be doing:
 * lit while its program (or override) says dark raises day-burning, dark while it says lit raises
 * lamp-out; agreement clears both. Returns how many readings were judged.
 */
export async function verifyTerminals(db: Db, alarms: VerificationAlarms, now = new Date()): Promise<number> {
  const rows = rowsOf<Observed>(
    await db.execute(sql`
      select t.terminal_id as "terminalId", t.name, t.dept_id as "deptId", t.lat, t.lng, latest."on" as lit, latest.ts,
             b.fingerprint as program, p.time_zone as "timeZone",
             (select e.level from control_task ct join control_emergency e on e.id = ct.source_id
              where ct.source = 'emergency' and ct.terminal_id = t.terminal_id and ct.state = 'succeeded'
                and e.start_at <= latest.ts and e.expire_at > latest.ts
                and (e.cancelled_at is null or e.cancelled_at > latest.ts) order by e.id desc limit 1) as "overrideLevel"
      from control_binding b
      join terminal t on t.terminal_id = b.terminal_id
      left join control_plan p on b.source = 'plan' and p.id = b.source_id
      cross join lateral (select h."on", h.ts from heartbeat h where h.terminal_id = t.terminal_id order by h.ts desc limit 1) latest
      where t.control_mode = 'auto' and t.lat is not null and t.lng is not null and latest."on" is not null
        and latest.ts > ${new Date(now.getTime() - FRESH_MS).toISOString()}::timestamptz`),
  );
  let judged = 0;
  for (const r of rows) {
    const at = new Date(r.ts).getTime();
    const steps = (JSON.parse(r.program) as { program: ProgramStep[] }).program;
    const expected = r.overrideLevel !== null ? r.overrideLevel > 0 : expectedLit(steps, at, { lat: r.lat, lng: r.lng, timeZone: r.timeZone ?? DEFAULT_TIME_ZONE });
    if (expected === null) continue;
    judged++;
    const target = { terminalId: r.terminalId, name: r.name, deptId: r.deptId };
    if (r.lit && !expected) await alarms.raise(target, 'dayBurning', 100);
    else if (!r.lit && expected) await alarms.raise(target, 'lampFailure', 0);
    else {
      await alarms.clear(target, 'dayBurning');
      await alarms.clear(target, 'lampFailure');
    }
  }
  return judged;
}
