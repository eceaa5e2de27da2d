import { sql } from 'drizzle-orm';
import { TerminalStatus } from '@sl/contracts';
import type { Db } from '../../src/db/client.js';
import { rowsOf } from '../../src/db/sql-rows.js';
import { noaaSunTimes } from './noaa-sun.js';

const HOUR = 3_600_000;

/**
 * Lamps with known schedules for the report tests: switched on from 18:00 to 06:00 local time, `full` at full power,
 * `dimmed` at half power from 22:00, `dead` with its relay closed all night but drawing nothing.
 */
export type ScheduledKind = 'full' | 'dimmed' | 'dead';

export interface ScheduledPlace {
  tz: string;
  lat: number;
  lng: number;
  ratedKw: number;
}

/** A single-lamp controller in use at the place, rated `place.ratedKw`. */
export async function addScheduledLamp(db: Db, place: ScheduledPlace, lamp: { sn: string; deptId: number; area: string; boxId?: number | null }): Promise<number> {
  const rows = await db.execute(sql`
    insert into terminal (sn, family, name, model, dept_id, status, heartbeat_s, lat, lng, area, box_id, rated_power_w)
    values (${lamp.sn}, 'rdcsm', ${lamp.sn}, 2, ${lamp.deptId}, ${TerminalStatus.inUse}, 600, ${place.lat}, ${place.lng}, ${lamp.area}, ${lamp.boxId ?? null}, ${place.ratedKw * 1000})
    returning terminal_id`);
  return Number(rowsOf<{ terminal_id: number }>(rows)[0].terminal_id);
}

/**
 * Readings every 10 minutes from local midnight of `from` less `daysBefore` days, for `days` days; the meter counts
 * each 10 minutes' power from 100 kWh. Messages ids start with `midPrefix`.
 */
export async function writeScheduledReadings(db: Db, place: ScheduledPlace, id: number, kind: ScheduledKind, span: { from: string; daysBefore: number; days: number; midPrefix: string }) {
  const start = `${span.from}T00:00:00+08:00`;
  const dim = kind === 'dimmed' ? sql`case when hr >= 22 or hr < 6 then 50 else 100 end` : sql`100`;
  const power = kind === 'dead' ? sql`0` : sql`case when hr >= 18 or hr < 6 then ${place.ratedKw}::float8 * (${dim}) / 100.0 else 0 end`;
  await db.execute(sql`
    insert into heartbeat (terminal_id, mid, ts, model, voltage_a, current_a, power_a, energy_kwh, dim, "on")
    select ${id}, ${span.midPrefix}::text || g, ts, 2, 220, power / 0.22, power, 100 + coalesce(sum(power / 6.0) over (order by g rows between unbounded preceding and 1 preceding), 0),
      dim, hr >= 18 or hr < 6
    from (
      select g, ts, hr, ${power} as power, ${dim} as dim from (
        select g, ts, extract(hour from ts at time zone ${place.tz})::int as hr
        from (select g, ${start}::timestamptz - ${span.daysBefore}::int * interval '1 day' + g * interval '10 minutes' as ts from generate_series(0, ${span.days * 144 - 1}) g) s
      ) s
    ) s`);
}

/** The hour of day at the places, which are in UTC+8 as the readings' local midnight above. */
export const localHour = (t: number) => new Date(t + 8 * HOUR).getUTCHours();
/** The schedule: switched on from 18:00 to 06:00 local time. */
export const switchedOn = (h: number) => h >= 18 || h < 6;

/** Independently of the product's sun: the hours of `day` whose middle is before sunrise or after sunset (NOAA's spreadsheet). */
export function nightHourStarts(place: ScheduledPlace, day: string): number[] {
  const { sunrise, sunset } = noaaSunTimes(day, 8, place.lat, place.lng);
  const midnight = Date.parse(`${day}T00:00:00+08:00`);
  return Array.from({ length: 24 }, (_, h) => midnight + h * HOUR).filter((t) => t + HOUR / 2 < sunrise! || t + HOUR / 2 > sunset!);
}
