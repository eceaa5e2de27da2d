import { and, asc, desc, eq, ilike, isNull, lt, ne, or, sql } from 'drizzle-orm';
import {
  COMMUNICATION_LOST, DEFAULT_LAMP_RATED_W, DEFAULT_LOOP_RATED_W, LIT_POWER_SHARE, MAP_NO_POSITION, MapState, MAP_SEARCH_LIMIT, TerminalModel, type MapSearchHit,
} from '@sl/contracts';
import type { Db } from '../db/client.js';
import { contains, RECENT_WINDOW_MS } from '../db/paging.js';
import { alarms, departments, heartbeats, terminals } from '../db/schema/index.js';
import { energyPerDay, meterRises, METER_GAP } from '../energy/meter-energy-domain.js';
import { terminalZonesSql } from '../fleet/terminal-days-domain.js';
import { idArray, rowsOf } from '../db/sql-rows.js';
import { dataScopeFilter } from '../system/access/data-scope.js';
import type { Principal } from '../system/access/principal.js';
import type { FleetSnapshot } from './fleet-cache.js';

/** An open alarm the map shows as the alarm state: communication lost is shown as offline instead. */
const openAlarm = sql`${alarms.clearedAt} is null and ${alarms.status} < 5 and ${alarms.kind} <> ${COMMUNICATION_LOST}`;

/** The facts behind one terminal's map state. */
export interface MapStateRow {
  terminalId: number;
  deptId: number | null;
  onlineState: number;
  alarmed: boolean;
}

/** litByPower and ratedPowerW (contracts) over `latest` (a heartbeat's phases) and `t` (its terminal). */
const litSql = sql.raw(`(coalesce(latest.power_a, 0) + coalesce(latest.power_b, 0) + coalesce(latest.power_c, 0)) * 1000 > ${LIT_POWER_SHARE} *
  coalesce(t.rated_power_w, case when t.model = ${TerminalModel.singleLamp} then ${DEFAULT_LAMP_RATED_W} else ${DEFAULT_LOOP_RATED_W} * greatest(t.loops, 1) end)`);
const scopeOf = (p: Principal) => dataScopeFilter(p, { dept: terminals.deptId }) ?? sql`true`;

/** The digital map's reads: the compact fleet, one terminal's facts, search and today's figures. */
export class MapRepository {
  constructor(
    private readonly db: Db,
    /** The zone of the days of terminals with no zone of their own, their department's or at their position (ROLLUP_TIME_ZONE). */
    private readonly rollupTimeZone = 'Asia/Shanghai',
  ) {}

  /**
   * Every non-scrapped terminal as columns (FleetSnapshot), built by PostgreSQL as JSON arrays so the server
   * parses one text instead of 250,000 row objects. The CASE is mapStateOf (contracts) with the lamp taken as off.
   */
  /** `ids`: only these terminals (the rows an edit changed), in the same shape. */
  async fleetSnapshot(ids?: number[]): Promise<FleetSnapshot> {
    const result = await this.db.execute(sql`
      with open_alarm as (select distinct terminal_id from alarm where ${openAlarm}),
      pts as materialized (
        select terminal.terminal_id as id,
          coalesce(round(terminal.lng * 1000000)::int, ${MAP_NO_POSITION}::int) as x, coalesce(round(terminal.lat * 1000000)::int, ${MAP_NO_POSITION}::int) as y,
          case when a.terminal_id is not null then ${MapState.alarm}::int when terminal.online_state = 2 then ${MapState.offline}::int
            when terminal.online_state = 3 then ${MapState.abnormal}::int else ${MapState.off}::int end as s,
          terminal.model as m, case terminal.family when 'rdc4m' then 1 else 0 end as f, coalesce(terminal.dept_id, 0) as d,
          case when terminal.online_state = 2 then 1 else 0 end as o
        from terminal left join open_alarm a on a.terminal_id = terminal.terminal_id
        where terminal.status <> 5 ${ids ? sql`and terminal.terminal_id = any(${idArray(ids)}::int[])` : sql``}
        order by terminal.terminal_id
      )
      select json_build_object('ids', coalesce(json_agg(id), '[]'), 'x', coalesce(json_agg(x), '[]'), 'y', coalesce(json_agg(y), '[]'),
        's', coalesce(json_agg(s), '[]'), 'm', coalesce(json_agg(m), '[]'), 'f', coalesce(json_agg(f), '[]'), 'd', coalesce(json_agg(d), '[]'), 'o', coalesce(json_agg(o), '[]'),
        'depts', (select coalesce(json_agg(json_build_array(dept_id, dept_name)), '[]') from sys_dept))::text as json
      from pts`);
    const cols = JSON.parse(rowsOf<{ json: string }>(result)[0].json) as Record<'ids' | 'x' | 'y' | 's' | 'm' | 'f' | 'd' | 'o', number[]> & { depts: Array<[number, string]> };
    return {
      ids: Int32Array.from(cols.ids), x: Int32Array.from(cols.x), y: Int32Array.from(cols.y), dept: Int32Array.from(cols.d),
      base: Uint8Array.from(cols.s), model: Uint8Array.from(cols.m), family: Uint8Array.from(cols.f), offline: Uint8Array.from(cols.o), deptNames: new Map(cols.depts),
    };
  }

  /** The departments whose terminals the principal sees, by the same data-scope rule as every list; 'all' for scope 1. */
  async scopeDepts(p: Principal): Promise<ReadonlySet<number> | 'all'> {
    const filter = dataScopeFilter(p, { dept: departments.deptId });
    if (!filter) return 'all';
    return new Set((await this.db.select({ id: departments.deptId }).from(departments).where(filter)).map((r) => r.id));
  }

  /** The facts behind the map state of these terminals (any scope: deltas are filtered per recipient). */
  async states(ids: number[]): Promise<MapStateRow[]> {
    if (ids.length === 0) return [];
    const result = await this.db.execute(sql`
      select t.terminal_id as "terminalId", t.dept_id as "deptId", t.online_state as "onlineState",
        exists(select 1 from alarm where alarm.terminal_id = t.terminal_id and ${openAlarm}) as alarmed
      from terminal t where t.terminal_id = any(${idArray(ids)}::int[])`);
    return rowsOf<MapStateRow>(result);
  }

  /**
   * The lit state of every terminal from its latest heartbeat (measured light: its power above a share of the
   * terminal's rated power, contracts' litByPower, not the relay flag), run once at start. The last day's
   * partitions are asked first, then the last week's for the terminals silent that long, and only the
   * rest over every partition: one probe per terminal per partition would cost minutes at a city's size.
   */
  async litTerminals(): Promise<number[]> {
    const lit: number[] = [];
    let pending: number[] | undefined;
    for (const window of [RECENT_WINDOW_MS, 7 * RECENT_WINDOW_MS, undefined]) {
      const since = window === undefined ? sql`` : sql`and h.ts >= ${new Date(Date.now() - window).toISOString()}::timestamptz`;
      const only = pending === undefined ? sql`` : sql`where t.terminal_id = any(${idArray(pending)}::int[])`;
      const rows = rowsOf<{ id: number; on: boolean }>(await this.db.execute(sql`
        select t.terminal_id as id, ${litSql} as "on" from terminal t
        cross join lateral (select h.power_a, h.power_b, h.power_c from heartbeat h where h.terminal_id = t.terminal_id ${since} order by h.ts desc limit 1) latest ${only}`));
      const found = new Set<number>();
      for (const r of rows) {
        found.add(r.id);
        if (r.on) lit.push(r.id);
      }
      pending = pending === undefined ? await this.terminalIdsExcept(found) : pending.filter((id) => !found.has(id));
      if (!pending.length) break;
    }
    return lit;
  }

  private async terminalIdsExcept(found: Set<number>): Promise<number[]> {
    const rows = rowsOf<{ id: number }>(await this.db.execute(sql`select terminal_id as id from terminal`));
    return rows.map((r) => r.id).filter((id) => !found.has(id));
  }

  async terminal(p: Principal, terminalId: number) {
    const [row] = await this.db
      .select({ t: terminals, deptName: sql<string>`coalesce(${departments.deptName}, '')` })
      .from(terminals)
      .leftJoin(departments, eq(departments.deptId, terminals.deptId))
      .where(and(eq(terminals.terminalId, terminalId), dataScopeFilter(p, { dept: terminals.deptId })));
    return row;
  }

  async latestHeartbeat(terminalId: number) {
    return (await this.db.select().from(heartbeats).where(eq(heartbeats.terminalId, terminalId)).orderBy(desc(heartbeats.ts), desc(heartbeats.id)).limit(1))[0];
  }

  openAlarms(terminalId: number) {
    return this.db
      .select({ alarmId: alarms.alarmId, kind: alarms.kind, message: alarms.message, raisedAt: alarms.raisedAt })
      .from(alarms)
      .where(and(eq(alarms.terminalId, terminalId), isNull(alarms.clearedAt), lt(alarms.status, 5)))
      .orderBy(desc(alarms.raisedAt));
  }

  async alarmedExceptOffline(terminalId: number): Promise<boolean> {
    const rows = await this.db.select({ id: alarms.alarmId }).from(alarms).where(and(eq(alarms.terminalId, terminalId), isNull(alarms.clearedAt), lt(alarms.status, 5), ne(alarms.kind, COMMUNICATION_LOST))).limit(1);
    return rows.length > 0;
  }

  search(p: Principal, keyword: string): Promise<MapSearchHit[]> {
    return this.db
      .select({ terminalId: terminals.terminalId, sn: terminals.sn, name: terminals.name, lng: terminals.lng, lat: terminals.lat })
      .from(terminals)
      .where(and(dataScopeFilter(p, { dept: terminals.deptId }), or(ilike(terminals.sn, contains(keyword)), ilike(terminals.name, contains(keyword)))))
      .orderBy(asc(terminals.name), asc(terminals.terminalId))
      .limit(MAP_SEARCH_LIMIT);
  }

  /** Alarms raised since the start of today in `tz`, by kind, in scope. */
  async alarmsToday(p: Principal, tz: string) {
    const result = await this.db.execute(sql`
      select kind, count(*)::int as count from alarm
      where raised_at >= date_trunc('day', now() at time zone ${tz}) at time zone ${tz} and ${dataScopeFilter(p, { dept: alarms.deptId }) ?? sql`true`}
      group by kind order by count desc, kind`);
    return rowsOf<{ kind: string; count: number }>(result);
  }

  /**
   * Energy used since the start of each terminal's today (its own zone's midnight, fleet/terminal-days-domain.ts), by
   * department, in scope, by the meter model (energy/meter-energy-domain.ts): the rises between consecutive readings, a
   * drop counting nothing, the rise across midnight for its share. Each terminal's daily rollup of today (its zone's day)
   * holds its energy up to its last rolled reading and only the readings after it are read (minutes of them); a terminal
   * not rolled up today yet reads its readings since its midnight. `tz` is no longer used: a department's today sums each
   * terminal's local today.
   */
  async energyToday(p: Principal, _tz: string, at = new Date()) {
    const result = await this.db.execute(sql`
      with scoped as (
        select z.terminal_id, terminal.dept_id, date_trunc('day', ${at}::timestamptz at time zone z.tz) at time zone z.tz as t0, z.tz, ${at}::timestamptz as t1
        from terminal join (${terminalZonesSql(this.rollupTimeZone)}) z on z.terminal_id = terminal.terminal_id where ${scopeOf(p)}
      ),
      rolled as (
        select r.terminal_id, r.energy_used, r.last_ts from heartbeat_rollup r join scoped s on s.terminal_id = r.terminal_id
        where r.grain = 'd' and r.bucket = s.t0 and r.last_ts is not null
      ),
      readings as (
        select s.terminal_id, x.ts, x.e from scoped s left join rolled r on r.terminal_id = s.terminal_id
        cross join lateral (select h.ts, h.energy_kwh as e from heartbeat h
          where h.terminal_id = s.terminal_id and h.energy_kwh is not null and h.ts >= coalesce(r.last_ts, s.t0) and h.ts <= s.t1) x
        union all
        select s.terminal_id, b.ts, b.e from scoped s cross join lateral (select h.ts, h.energy_kwh as e from heartbeat h
          where h.terminal_id = s.terminal_id and h.energy_kwh is not null and h.ts < s.t0 and h.ts >= s.t0 - ${METER_GAP} order by h.ts desc limit 1) b
        where not exists (select 1 from rolled r where r.terminal_id = s.terminal_id)
      ),
      heard as (select distinct x.terminal_id from readings x join scoped s on s.terminal_id = x.terminal_id where x.ts >= s.t0),
      rises as (select m.*, s.t0 as lo, s.t1 as hi, s.tz from (${meterRises(sql`select * from readings`)}) m join scoped s on s.terminal_id = m.terminal_id),
      energy as (select terminal_id, sum(kwh) as kwh from (${energyPerDay(sql`select * from rises`, sql`g.tz`)}) e group by 1)
      select coalesce(s.dept_id, 0) as "deptId", coalesce(d.dept_name, '') as "deptName",
        round(sum(coalesce(r.energy_used, 0) + coalesce(e.kwh, 0))::numeric, 2)::float8 as "energyKwh"
      from scoped s left join rolled r on r.terminal_id = s.terminal_id left join energy e on e.terminal_id = s.terminal_id
      left join sys_dept d on d.dept_id = s.dept_id
      where r.terminal_id is not null or s.terminal_id in (select terminal_id from heard)
      group by s.dept_id, d.dept_name order by "energyKwh" desc`);
    return rowsOf<{ deptId: number; deptName: string; energyKwh: number }>(result);
  }
}
