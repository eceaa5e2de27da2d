import { sql, type SQL } from 'drizzle-orm';
import { type EnergyReportQuery, type ReportGroup, type TariffPeriod } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/sql-rows.js';
import { HOURS_OF_DAY, litDaySql, litHourSql, ratedWattsSql } from '../fleet/lamp-light-domain.js';
import { dataScopeFilter } from '../system/access/data-scope.js';
import type { Principal } from '../system/access/principal.js';

/** The lamps a report covers: the caller's scope narrowed by the query's departments (with those below), areas, cabinets and terminals. */
export type LampFilter = Pick<EnergyReportQuery, 'deptIds' | 'areas' | 'boxIds' | 'terminalIds'> & { noArea?: boolean };

export interface ReportLamp {
  terminalId: number;
  name: string;
  deptId: number | null;
  deptName: string;
  area: string;
  boxId: number | null;
  boxName: string;
  lat: number | null;
  lng: number | null;
  model: number;
  loops: number;
  ratedPowerW: number | null;
}

/** Daily rollups of the lamps of one place key (or all) and department on one local day. */
export interface DayFigures {
  key: string;
  deptId: number | null;
  day: string;
  kwh: number;
  burnHours: number;
  /** The burning hours' energy at rated power (kWh): what the lamps would have used undimmed. */
  fullKwh: number;
  availability: number;
  /** Per local hour 0–23, the lamps lit that hour (daily rollups' lit_hours); null when not asked or not recorded for a day. */
  litByHour: number[] | null;
}

/** Groups the department days can answer: a department's or the whole scope's, by place or period. */
export const DEPT_DAY_GROUPS: readonly ReportGroup[] = ['department', 'day', 'week', 'month', 'year'];

/** A policy's lamp-days on one local day and department: the daily figures, and how many lamps ran it with what rated power. */
export interface PolicyDayFigures extends DayFigures {
  label: string;
  lampDays: number;
  ratedKw: number;
}

/**
 * The policy a lamp ran on a day (daily rollup `r`): the plan's policy or the strategy whose download to it succeeded last
 * before the day's end; none before any did. Keys 'policy:<id>', 'strategy:<id>', '' for none.
 */
const POLICY_OF_DAY = sql`left join lateral (
    select case when k.source = 'plan' then 'policy:' || pl.policy_id else 'strategy:' || k.source_id end as key,
      coalesce(case when k.source = 'plan' then pol.name else st.name end, '') as label
    from control_task k
      left join control_plan pl on k.source = 'plan' and pl.id = k.source_id left join control_policy pol on pol.id = pl.policy_id
      left join control_set st on k.source = 'strategy' and st.id = k.source_id
    where k.terminal_id = r.terminal_id and k.source in ('plan', 'strategy') and k.state = 'succeeded' and k.updated_at < r.bucket + interval '1 day'
    order by k.updated_at desc limit 1) pk on true`;

export interface HourFigures {
  key: string;
  bucket: number;
  lit: number;
}

export interface LampHours {
  terminalId: number;
  burnHours: number;
  switches: number;
  litNightHours: number;
}

export interface Electricity {
  deptId: number | null;
  isDefault: boolean;
  currency: string;
  periods: TariffPeriod[];
}

const RATED_W = ratedWattsSql('t');
const LIT = litHourSql('r', 't');
const LIT_DAY = litDaySql('r', 't');
/** Per local hour 0–23, the lamps whose daily `lit_hours` has that hour; null when a day predates the column (0031). */
const LIT_BY_HOUR = sql.raw(
  `case when bool_and(r.lit_hours is not null) then array[${HOURS_OF_DAY.map((h) => `coalesce(sum((r.lit_hours >> ${h}) & 1), 0)`).join(', ')}]::int[] end`,
);

const PLACE_KEYS: Partial<Record<ReportGroup, SQL>> = {
  department: sql`coalesce(t.dept_id, 0)::text`,
  area: sql`t.area`,
  cabinet: sql`coalesce(t.box_id, 0)::text`,
  terminal: sql`t.terminal_id::text`,
};
/** The SQL of a row's place key; periods read every lamp as one ('') and fold days in the service. */
const keyOf = (groupBy: ReportGroup): SQL => PLACE_KEYS[groupBy] ?? sql`''`;

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
/** An int[] as the drivers answer it: an array (node-postgres, PGlite) or its text '{1,2,…}'. */
const litArray = (v: unknown): number[] | null =>
  v === null || v === undefined ? null : Array.isArray(v) ? v.map(Number) : String(v).replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);

/** Reports read rollups only (fleet/rollups.ts): daily rows for energy, hourly rows for what is sampled per hour. */
export class ReportRepository {
  constructor(
    private readonly db: Db,
    private readonly timeZone: string,
  ) {}

  private where(p: Principal, f: LampFilter): SQL {
    // The statements alias their tables (terminal t), so the scope names the alias's column.
    const parts: SQL[] = [dataScopeFilter(p, { dept: sql`t.dept_id` }) ?? sql`true`];
    if (f.deptIds?.length)
      parts.push(sql`t.dept_id in (select d.dept_id from sys_dept d join sys_dept top on d.dept_id = top.dept_id or d.dept_path like top.dept_path || '/%'
        where top.dept_id in (${sql.join(f.deptIds.map((id) => sql`${id}`), sql`, `)}))`);
    const named = f.areas?.length ? sql`t.area in (${sql.join(f.areas.map((a) => sql`${a}`), sql`, `)})` : undefined;
    if (f.noArea) parts.push(named ? sql`(t.area = '' or ${named})` : sql`t.area = ''`);
    else if (named) parts.push(named);
    // A cabinet outside the caller's scope narrows to nothing, as a missing one does (even when a lamp in scope hangs on it).
    // Cabinet 0 is the place key of the lamps on no cabinet (placeKey), so drilling into that row lists them.
    if (f.boxIds?.length) {
      const boxes = f.boxIds.filter((id) => id !== 0);
      const onBoxes = boxes.length
        ? sql`t.box_id in (select sb.box_id from terminal_box sb where sb.box_id in (${sql.join(boxes.map((id) => sql`${id}`), sql`, `)})
        and ${dataScopeFilter(p, { dept: sql`sb.dept_id` }) ?? sql`true`})`
        : sql`false`;
      parts.push(f.boxIds.includes(0) ? sql`(t.box_id is null or ${onBoxes})` : onBoxes);
    }
    if (f.terminalIds?.length) parts.push(sql`t.terminal_id in (${sql.join(f.terminalIds.map((id) => sql`${id}`), sql`, `)})`);
    return sql.join(parts, sql` and `);
  }

  /** Every lamp of the report with what its figures need: place, position and rated power. */
  async lamps(p: Principal, f: LampFilter): Promise<ReportLamp[]> {
    const result = await this.db.execute(sql`
      select t.terminal_id, t.name, t.dept_id, coalesce(d.dept_name, '') as dept_name, t.area, t.box_id, coalesce(b.name, '') as box_name,
        t.lat, t.lng, t.model, t.loops, t.rated_power_w
      from terminal t left join sys_dept d on d.dept_id = t.dept_id left join terminal_box b on b.box_id = t.box_id
      where ${this.where(p, f)} order by t.terminal_id`);
    return rowsOf<Record<string, unknown>>(result).map((r) => ({
      terminalId: Number(r.terminal_id), name: String(r.name), deptId: r.dept_id === null ? null : Number(r.dept_id), deptName: String(r.dept_name),
      area: String(r.area), boxId: r.box_id === null ? null : Number(r.box_id), boxName: String(r.box_name),
      lat: r.lat === null ? null : Number(r.lat), lng: r.lng === null ? null : Number(r.lng),
      model: Number(r.model), loops: Number(r.loops), ratedPowerW: r.rated_power_w === null ? null : Number(r.rated_power_w),
    }));
  }

  /** The daily rollups of the local days [from, to] per place key, department and day; `withLit` adds the lamps lit per local hour. */
  async days(p: Principal, f: LampFilter, groupBy: ReportGroup, from: string, to: string, withLit = false): Promise<DayFigures[]> {
    const tz = this.timeZone;
    const result = await this.db.execute(sql`
      select ${keyOf(groupBy)} as key, t.dept_id, to_char(r.bucket at time zone ${tz}, 'YYYY-MM-DD') as day,
        coalesce(sum(r.energy_used), 0)::float8 as kwh, coalesce(sum(r.on_share * 24) filter (where ${LIT_DAY}), 0)::float8 as burn,
        coalesce(sum(r.on_share * 24 * ${RATED_W} / 1000.0) filter (where ${LIT_DAY}), 0)::float8 as full_kwh, coalesce(sum(r.availability), 0)::float8 as availability,
        ${withLit ? LIT_BY_HOUR : sql`null`} as lit_by_hour
      from heartbeat_rollup r join terminal t on t.terminal_id = r.terminal_id
      where r.grain = 'd' and r.bucket >= (${from}::date::timestamp at time zone ${tz}) and r.bucket < ((${to}::date + 1)::timestamp at time zone ${tz})
        and ${this.where(p, f)}
      group by 1, 2, 3`);
    return rowsOf<Record<string, unknown>>(result).map((r) => ({
      key: String(r.key), deptId: r.dept_id === null ? null : Number(r.dept_id), day: String(r.day), kwh: num(r.kwh), burnHours: num(r.burn), fullKwh: num(r.full_kwh), availability: num(r.availability),
      litByHour: litArray(r.lit_by_hour),
    }));
  }

  /** The lamps' daily rollups of the local days [from, to] per policy run (POLICY_OF_DAY), department and day, and the lamps per policy. */
  async policyDays(p: Principal, f: LampFilter, from: string, to: string): Promise<{ days: PolicyDayFigures[]; lamps: Map<string, number> }> {
    const tz = this.timeZone;
    const rows = sql`
      select coalesce(pk.key, '') as key, coalesce(pk.label, '') as label, r.terminal_id, t.dept_id, to_char(r.bucket at time zone ${tz}, 'YYYY-MM-DD') as day,
        r.energy_used, r.on_share, r.availability, r.lit_hours, ${LIT_DAY} as lit_day, ${RATED_W} / 1000.0 as rated_kw
      from heartbeat_rollup r join terminal t on t.terminal_id = r.terminal_id ${POLICY_OF_DAY}
      where r.grain = 'd' and r.bucket >= (${from}::date::timestamp at time zone ${tz}) and r.bucket < ((${to}::date + 1)::timestamp at time zone ${tz})
        and ${this.where(p, f)}`;
    const [days, lamps] = await Promise.all([
      this.db.execute(sql`
        with d as (${rows})
        select key, label, dept_id, day, coalesce(sum(energy_used), 0)::float8 as kwh, coalesce(sum(on_share * 24) filter (where lit_day), 0)::float8 as burn,
          coalesce(sum(on_share * 24 * rated_kw) filter (where lit_day), 0)::float8 as full_kwh, coalesce(sum(availability), 0)::float8 as availability,
          ${LIT_BY_HOUR} as lit_by_hour, count(*)::int as lamp_days, sum(rated_kw)::float8 as rated_kw
        from d r group by 1, 2, 3, 4`),
      this.db.execute(sql`with d as (${rows}) select key, count(distinct terminal_id)::int as n from d group by 1`),
    ]);
    return {
      days: rowsOf<Record<string, unknown>>(days).map((r) => ({
        key: String(r.key), label: String(r.label), deptId: r.dept_id === null ? null : Number(r.dept_id), day: String(r.day), kwh: num(r.kwh), burnHours: num(r.burn),
        fullKwh: num(r.full_kwh), availability: num(r.availability), litByHour: litArray(r.lit_by_hour), lampDays: num(r.lamp_days), ratedKw: num(r.rated_kw),
      })),
      lamps: new Map(rowsOf<{ key: string; n: number }>(lamps).map((r) => [String(r.key), Number(r.n)])),
    };
  }

  /**
   * The department days (fleet/rollups.ts) of the dates [from, to] in the caller's scope and the query's departments: one row
   * per department, family and day, however many lamps. Only for DEPT_DAY_GROUPS without area, cabinet or lamp filters.
   * Undefined when a day of the range was rolled up before the report's sums existed (0031): read the terminals' days then.
   */
  async deptDays(p: Principal, f: Pick<LampFilter, 'deptIds'>, groupBy: ReportGroup, from: string, to: string): Promise<DayFigures[] | undefined> {
    const parts: SQL[] = [dataScopeFilter(p, { dept: sql`r.dept_id` }) ?? sql`true`];
    if (f.deptIds?.length)
      parts.push(sql`r.dept_id in (select d.dept_id from sys_dept d join sys_dept top on d.dept_id = top.dept_id or d.dept_path like top.dept_path || '/%'
        where top.dept_id in (${sql.join(f.deptIds.map((id) => sql`${id}`), sql`, `)}))`);
    const result = await this.db.execute(sql`
      select ${groupBy === 'department' ? sql`r.dept_id::text` : sql`''`} as key, r.dept_id, to_char(r.day, 'YYYY-MM-DD') as day, r.energy_kwh as kwh,
        r.burn_hours as burn, r.full_kwh, r.availability, r.lit_by_hour
      from heartbeat_rollup_dept r
      where r.day between ${from}::date and ${to}::date and ${sql.join(parts, sql` and `)}`);
    const rows = rowsOf<Record<string, unknown>>(result);
    if (rows.some((r) => r.full_kwh === null)) return undefined;
    return rows.map((r) => ({
      key: String(r.key), deptId: Number(r.dept_id) || null, day: String(r.day), kwh: num(r.kwh), burnHours: num(r.burn), fullKwh: num(r.full_kwh), availability: num(r.availability),
      litByHour: litArray(r.lit_by_hour),
    }));
  }

  /** Lamps lit per place key in each of the given hours (hourly rollups whose mean power is light). */
  async litHours(p: Principal, f: LampFilter, groupBy: ReportGroup, hourStarts: number[]): Promise<HourFigures[]> {
    if (!hourStarts.length) return [];
    const hours = `{${hourStarts.map((t) => new Date(t).toISOString()).join(',')}}`;
    const result = await this.db.execute(sql`
      select ${keyOf(groupBy)} as key, extract(epoch from r.bucket) * 1000 as bucket, (count(*) filter (where ${LIT}))::int as lit
      from heartbeat_rollup r join terminal t on t.terminal_id = r.terminal_id
      where r.grain = 'h' and r.bucket = any(${hours}::timestamptz[]) and ${this.where(p, f)}
      group by 1, 2`);
    return rowsOf<Record<string, unknown>>(result).map((r) => ({ key: String(r.key), bucket: Number(r.bucket), lit: num(r.lit) }));
  }

  /**
   * Per lamp over the hours [from, to): burning hours (switched-on share of the hours whose power is light), switch-ons (an hour mostly on after one mostly off), and
   * night hours lit among `nightStarts`.
   */
  async lampHours(p: Principal, f: LampFilter, from: number, to: number, nightStarts: number[]): Promise<LampHours[]> {
    const nights = `{${nightStarts.map((t) => new Date(t).toISOString()).join(',')}}`;
    const result = await this.db.execute(sql`
      select terminal_id, coalesce(sum(on_share) filter (where lit), 0)::float8 as burn, (count(*) filter (where switched_on))::int as switches,
        (count(*) filter (where lit and night))::int as lit_night
      from (
        select r.terminal_id, r.on_share, ${LIT} as lit, r.bucket = any(${nights}::timestamptz[]) as night,
          r.on_share >= 0.5 and lag(r.on_share) over (partition by r.terminal_id order by r.bucket) < 0.5 as switched_on
        from heartbeat_rollup r join terminal t on t.terminal_id = r.terminal_id
        where r.grain = 'h' and r.bucket >= ${new Date(from)} and r.bucket < ${new Date(to)} and ${this.where(p, f)}
      ) h group by 1`);
    return rowsOf<Record<string, unknown>>(result).map((r) => ({ terminalId: Number(r.terminal_id), burnHours: num(r.burn), switches: num(r.switches), litNightHours: num(r.lit_night) }));
  }

  /** The electricity sets (time-of-use tariffs) and the department paths that pick one per department. */
  async electricity(): Promise<{ sets: Electricity[]; paths: Map<number, number[]> }> {
    const sets = rowsOf<{ dept_id: number | null; is_default: boolean; data: { currency?: string; periods?: TariffPeriod[] } }>(
      await this.db.execute(sql`select dept_id, is_default, data from control_set where kind = 'electricity' order by is_default desc, id`),
    );
    const depts = rowsOf<{ dept_id: number; dept_path: string }>(await this.db.execute(sql`select dept_id, dept_path from sys_dept`));
    return {
      sets: sets.map((s) => ({ deptId: s.dept_id === null ? null : Number(s.dept_id), isDefault: Boolean(s.is_default), currency: s.data.currency ?? 'CNY', periods: s.data.periods ?? [] })),
      paths: new Map(depts.map((d) => [Number(d.dept_id), d.dept_path.split('/').filter(Boolean).map(Number).reverse()])),
    };
  }
}
