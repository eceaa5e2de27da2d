import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/sql-rows.js';
import { zoneAt } from '../devices/terminal/terminal-zone-domain.js';

/** Positions whose zone is looked up and written per statement. */
const SLICE = 5_000;

/**
 * A FROM item (terminal_id, tz): the zone each terminal's statistics days and rollup hours are in: its own, else its
 * department's (or the nearest above), else the one at its position (`terminal_position_zone`, kept by
 * `refreshPositionZones`), else `fallback` (ROLLUP_TIME_ZONE). The order of terminal-zone-domain.ts's `terminalZone`,
 * which ends with the installation's zone instead. `where` narrows the terminals (over `t`).
 */
export function terminalZonesSql(fallback: string, where: SQL = sql`true`): SQL {
  return sql`
    select t.terminal_id, coalesce(t.time_zone, dz.tz, pz.time_zone, ${fallback}::text) as tz
    from terminal t
    left join (select own.dept_id, (select z.time_zone from sys_dept z where (own.dept_path = z.dept_path or own.dept_path like z.dept_path || '/%')
      and z.time_zone is not null order by length(z.dept_path) desc limit 1) as tz from sys_dept own) dz on dz.dept_id = t.dept_id
    left join terminal_position_zone pz on pz.terminal_id = t.terminal_id and pz.lat = t.lat and pz.lng = t.lng
    where ${where}`;
}

/**
 * Brings `terminal_position_zone` up to date: finds the zone of every terminal whose position is new or moved since
 * (offline boundaries, in TypeScript) and forgets terminals without a position or a zone there. Answers how many rows
 * it wrote or removed. Cheap when nothing moved: one query.
 */
export async function refreshPositionZones(db: Pick<Db, 'execute'>): Promise<number> {
  const moved = rowsOf<{ terminalId: number; lat: number; lng: number }>(await db.execute(sql`
    select t.terminal_id as "terminalId", t.lat, t.lng from terminal t left join terminal_position_zone pz on pz.terminal_id = t.terminal_id
    where t.lat is not null and t.lng is not null and (pz.terminal_id is null or pz.lat <> t.lat or pz.lng <> t.lng)`));
  let changed = 0;
  for (let i = 0; i < moved.length; i += SLICE) {
    const rows = moved.slice(i, i + SLICE).map((m) => ({ id: m.terminalId, lat: Number(m.lat), lng: Number(m.lng), z: zoneAt(Number(m.lat), Number(m.lng)) }));
    const found = rows.filter((r) => r.z);
    if (found.length) {
      await db.execute(sql`
        insert into terminal_position_zone (terminal_id, lat, lng, time_zone)
        select x.id, x.lat, x.lng, x.z from jsonb_to_recordset(${JSON.stringify(found)}::jsonb) as x(id int, lat float8, lng float8, z text)
        on conflict (terminal_id) do update set lat = excluded.lat, lng = excluded.lng, time_zone = excluded.time_zone`);
    }
    const none = rows.filter((r) => !r.z).map((r) => r.id);
    if (none.length) await db.execute(sql`delete from terminal_position_zone where terminal_id in (select jsonb_array_elements_text(${JSON.stringify(none)}::jsonb)::int)`);
    changed += rows.length;
  }
  const gone = await db.execute(sql`
    delete from terminal_position_zone pz where not exists (select 1 from terminal t where t.terminal_id = pz.terminal_id and t.lat is not null and t.lng is not null)
    returning pz.terminal_id`);
  return changed + rowsOf(gone).length;
}

/** The start of the local hour of `zone` (an SQL text) holding `ts`: any zone, its offset at that instant (half-hour DST too). */
export const localHourSql = (ts: SQL, zone: SQL) => sql`((${ts}) - (((${ts}) at time zone ${zone}) - date_trunc('hour', (${ts}) at time zone ${zone})))`;

/** The instant of the local midnight of `zone` starting the day holding `ts`. */
export const localMidnightSql = (ts: SQL, zone: SQL) => sql`(date_trunc('day', (${ts}) at time zone ${zone}) at time zone ${zone})`;
