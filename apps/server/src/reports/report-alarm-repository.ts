import { sql } from 'drizzle-orm';
import { AlarmStatus } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/sql-rows.js';
import { dataScopeFilter } from '../system/access/data-scope.js';
import type { Principal } from '../system/access/principal.js';

/** Alarms that are not a lamp or circuit fault: a silent terminal is counted by the online rate instead. */
const NOT_FAULTS = ['communicationLost'];
const OPEN = [AlarmStatus.alarm, AlarmStatus.dispatching, AlarmStatus.awaitingRepair, AlarmStatus.repairing, AlarmStatus.rolledBack];
const CLOSED = [AlarmStatus.repairComplete, AlarmStatus.autoRepairComplete];
/** The caller's scope over the statements' alarms (aliased `a`). */
const alarmScope = (p: Principal) => dataScopeFilter(p, { dept: sql`a.dept_id` }) ?? sql`true`;
const list = (values: readonly (string | number)[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

export interface LampAlarms {
  terminalId: number;
  faults: number;
  open: number;
}

export interface RepairRow {
  key: string;
  label: string;
  alarms: number;
  ackMinutes: number | null;
  repairMinutes: number | null;
}

/** The alarm figures of the operations report, from the alarms and their status log (alarm_log). */
export class ReportAlarmRepository {
  constructor(private readonly db: Db) {}

  /** Per terminal of the given ones with any, in the caller's scope: faults raised in [from, to), and alarms open at `now` (as openByAge counts them). */
  async perLamp(p: Principal, terminalIds: number[], from: Date, to: Date): Promise<LampAlarms[]> {
    if (!terminalIds.length) return [];
    const result = await this.db.execute(sql`
      select a.terminal_id, (count(*) filter (where a.raised_at >= ${from} and a.raised_at < ${to} and a.kind not in (${list(NOT_FAULTS)})))::int as faults,
        (count(*) filter (where a.cleared_at is null and a.status in (${list(OPEN)})))::int as open
      from alarm a
      where a.terminal_id = any(${`{${terminalIds.join(',')}}`}::int[]) and ${alarmScope(p)}
      group by 1`);
    return rowsOf<Record<string, unknown>>(result).map((r) => ({ terminalId: Number(r.terminal_id), faults: Number(r.faults), open: Number(r.open) }));
  }

  /**
   * Mean minutes to acknowledge (raised → first change out of "alarm") and to repair (raised → first change to repaired)
   * of the alarms raised in [from, to), by department or by repairer (the assignee of the alarm's work order).
   */
  async repairTimes(p: Principal, terminalIds: number[], from: Date, to: Date, by: 'dept' | 'repairer'): Promise<RepairRow[]> {
    if (!terminalIds.length) return [];
    const key = by === 'dept' ? sql`coalesce(a.dept_id, 0)::text` : sql`coalesce(o.assignee_id, 0)::text`;
    const label = by === 'dept' ? sql`coalesce(max(d.dept_name), '')` : sql`coalesce(nullif(max(u.nick_name), ''), max(u.username), '')`;
    const result = await this.db.execute(sql`
      with timed as (
        select a.alarm_id, a.dept_id, a.raised_at,
          (select min(l.at) from alarm_log l where l.alarm_id = a.alarm_id and l.from_status = ${AlarmStatus.alarm} and l.to_status <> ${AlarmStatus.alarm}) as acked_at,
          (select min(l.at) from alarm_log l where l.alarm_id = a.alarm_id and l.to_status in (${list(CLOSED)})) as repaired_at
        from alarm a
        where a.raised_at >= ${from} and a.raised_at < ${to} and a.kind not in (${list(NOT_FAULTS)})
          and a.terminal_id = any(${`{${terminalIds.join(',')}}`}::int[]) and ${alarmScope(p)}
      )
      select ${key} as key, ${label} as label, count(distinct a.alarm_id)::int as alarms,
        (avg(extract(epoch from a.acked_at - a.raised_at)) / 60)::float8 as ack,
        (avg(extract(epoch from a.repaired_at - a.raised_at)) / 60)::float8 as repair
      from timed a
      left join sys_dept d on d.dept_id = a.dept_id
      left join lateral (select w.assignee_id from work_order_alarm wa join work_order w on w.order_id = wa.order_id
        where wa.alarm_id = a.alarm_id order by w.order_id desc limit 1) o on true
      left join sys_user u on u.user_id = o.assignee_id
      group by 1 order by 3 desc, 1`);
    return rowsOf<Record<string, unknown>>(result).map((r) => ({
      key: String(r.key), label: String(r.label), alarms: Number(r.alarms),
      ackMinutes: r.ack === null ? null : Number(r.ack), repairMinutes: r.repair === null ? null : Number(r.repair),
    }));
  }

  /** Open alarms on the given terminals by age at `now`: < 1, 1–3, 3–7, 7–30, ≥ 30 days. */
  async openByAge(p: Principal, terminalIds: number[], now: Date): Promise<Array<{ bucket: string; count: number }>> {
    const buckets = ['<1d', '1-3d', '3-7d', '7-30d', '>=30d'];
    if (!terminalIds.length) return buckets.map((bucket) => ({ bucket, count: 0 }));
    const result = await this.db.execute(sql`
      select case when age < 1 then '<1d' when age < 3 then '1-3d' when age < 7 then '3-7d' when age < 30 then '7-30d' else '>=30d' end as bucket, count(*)::int as n
      from (select extract(epoch from ${now}::timestamptz - a.raised_at) / 86400 as age from alarm a
        where a.cleared_at is null and a.status in (${list(OPEN)}) and a.terminal_id = any(${`{${terminalIds.join(',')}}`}::int[])
          and ${alarmScope(p)}) x
      group by 1`);
    const counts = new Map(rowsOf<{ bucket: string; n: number }>(result).map((r) => [r.bucket, Number(r.n)]));
    return buckets.map((bucket) => ({ bucket, count: counts.get(bucket) ?? 0 }));
  }
}
