import tzLookup from '@photostructure/tz-lookup';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { isTimeZone, type TimeZoneSource } from '@sl/contracts';

/** What a terminal's time zone is found from, most specific first. */
export interface ZoneSources {
  /** The terminal's own (terminal.time_zone). */
  timeZone: string | null;
  /** Its department's, or the nearest department above it that has one (`deptZoneSql`). */
  deptZone: string | null;
  lat: number | null;
  lng: number | null;
}

export interface TerminalZone {
  timeZone: string;
  source: TimeZoneSource;
}

const byPosition = new Map<number, string | null>();
let installation = 'Asia/Shanghai';

/** The installation's zone (config TIME_ZONE): terminals without their own, their department's or a position's. */
export const installationTimeZone = () => installation;
/** Set once at start from the configuration. */
export function setInstallationTimeZone(timeZone: string) {
  installation = timeZone;
}

/** The IANA zone at a position (offline boundaries, @photostructure/tz-lookup), null where it has none. */
export function zoneAt(lat: number | null, lng: number | null): string | null {
  if (lat === null || lng === null || !Number.isFinite(lat) || !Number.isFinite(lng) || (lat === 0 && lng === 0)) return null;
  // Thousandths of a degree (about 100 m), as one number: a text key cost a 50-row list page 2 % of the server's CPU.
  const key = Math.round(lat * 1000) * 1_000_000 + Math.round(lng * 1000);
  let zone = byPosition.get(key);
  if (zone === undefined) {
    try {
      zone = tzLookup(lat, lng);
      if (!isTimeZone(zone)) zone = null;
    } catch {
      zone = null;
    }
    if (byPosition.size > 50_000) byPosition.clear();
    byPosition.set(key, zone);
  }
  return zone;
}

/**
 * The zone a terminal's programs (strategies), alarm windows and days are read in: its own when set, else its
 * department's (or the nearest one above), else the one at its position, else the installation's.
 */
export function terminalZone(s: ZoneSources, installation: string): TerminalZone {
  if (s.timeZone) return { timeZone: s.timeZone, source: 'terminal' };
  if (s.deptZone) return { timeZone: s.deptZone, source: 'department' };
  const at = zoneAt(s.lat, s.lng);
  if (at) return { timeZone: at, source: 'position' };
  return { timeZone: installation, source: 'installation' };
}

/** The ids on a department path (`/0/1/5`: the department itself and every one above it), for a primary-key probe each. */
const idsOnPath = (deptPath: SQLWrapper | SQL) => sql`string_to_array(ltrim(${deptPath}, '/'), '/')::int[]`;

/**
 * `zone` only when some department has a zone: PostgreSQL answers the test once per statement, so an installation
 * whose departments have none (one city, one zone) pays no lookup per row (half a 50-row terminal page's execution).
 */
const whenAnyDeptZone = (zone: SQL) => sql<string | null>`(case when exists (select from sys_dept where time_zone is not null) then ${zone} end)`;

/**
 * The zone of the department `deptId` or of the nearest department above it that has one; null when none has. Pass the
 * column qualified (`"terminal"."dept_id"`): a one-table select leaves its own columns bare, which the subquery would misread.
 */
export function deptZoneSql(deptId: SQLWrapper): SQL<string | null> {
  return whenAnyDeptZone(sql`(select z.time_zone from sys_dept own join sys_dept z on z.dept_id = any(${idsOnPath(sql`own.dept_path`)})
    where own.dept_id = ${deptId} and z.time_zone is not null order by length(z.dept_path) desc limit 1)`);
}

/**
 * `deptZoneSql` for a department already joined, from its path (`sys_dept.dept_path`): the department is not looked up
 * again for every row. The departments above it are found by their ids on the path (a few primary-key probes) rather
 * than by comparing every department's path with it, which was a third of a 50-row terminal page's execution time.
 */
export function deptZoneOfPathSql(deptPath: SQLWrapper): SQL<string | null> {
  return whenAnyDeptZone(sql`(select z.time_zone from sys_dept z where z.dept_id = any(${idsOnPath(deptPath)}) and z.time_zone is not null
    order by length(z.dept_path) desc limit 1)`);
}
