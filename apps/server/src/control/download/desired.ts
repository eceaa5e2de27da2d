import { sql } from 'drizzle-orm';
import { calendarDateOf, winningRule, type CalendarRule, type DayStart } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql-rows.js';
import { deptZoneSql, installationTimeZone, terminalZone, type ZoneSources } from '../../devices/terminal/terminal-zone-domain.js';
import { zonedDate, zoneOffsetMin } from '../compiler/zone-time.js';
import { intArray, targetTerminalIds } from '../targets.js';

/** What one terminal should run now, before compiling: a plan, else its strategy, else the default strategy. */
export interface Desired {
  terminalId: number;
  planId: number | null;
  planPolicyId: number | null;
  startDate: string | null;
  /** What the terminal's own zone is found from (terminal-zone-domain.ts): its plan's dates and clock times, and strategies, run in it. */
  zone: ZoneSources;
  strategyId: number | null;
  bound: string | null;
  /** The newest heartbeat since the bind was confirmed says which program the terminal has (none, or one without a fingerprint, when false). */
  reports: boolean;
  /** What it reports: a fingerprint, or null when it has no program bound. */
  reported: string | null;
}

/** A heartbeat is taken as sent after the bind only this long after the confirmation: a terminal's clock may be up to a minute off (protocol §5). */
const CLOCK_MARGIN = '60 seconds';
/** Older reports are not judged. */
const REPORT_FRESH = '15 minutes';

/** A plan naming the terminal whose dates may cover today somewhere on earth (newest first), before the terminal's zone picks. */
interface Candidate {
  id: number;
  policyId: number;
  startDate: string;
  endDate: string;
  rules: CalendarRule[];
  dayStart: DayStart;
}

/**
 * Every terminal that has something to run or something bound: the newest plan whose dates (in the
 * terminal's own zone) cover today wins (plans on one terminal are refused when they overlap; this rule only
 * settles overlaps that area changes created afterwards). A bound terminal also brings what its newest
 * heartbeat since it confirmed the bind says it runs, so a program lost to a reset is noticed.
 */
export async function desiredPrograms(db: Db, now: Date, terminalIds?: number[]): Promise<Desired[]> {
  const only = terminalIds ? sql`and t.terminal_id = any(${intArray(terminalIds)})` : sql``;
  const rows = rowsOf<Omit<Desired, 'zone' | 'planId' | 'planPolicyId' | 'startDate'> & Omit<ZoneSources, 'timeZone'> & { ownZone: string | null; plans: Candidate[] | string | null }>(
    await db.execute(sql`
      with active as (
        select x.tid, jsonb_agg(jsonb_build_object('id', p.id, 'policyId', p.policy_id, 'startDate', p.start_date, 'endDate', p.end_date, 'rules', p.rules, 'dayStart', p.day_start) order by p.id desc) as plans
        from control_plan p
        cross join lateral ${targetTerminalIds(sql`p.group_mode`, sql`p.target_ids`)} as x(tid)
        where (${now.toISOString()}::timestamptz at time zone 'UTC')::date between p.start_date - 1 and p.end_date + 1
        group by x.tid
      ),
      own_strategy as (
        select distinct on (st.terminal_id) st.terminal_id, s.id
        from control_set_terminal st join control_set s on s.id = st.set_id and s.kind = 'strategy'
        order by st.terminal_id, s.id desc
      ),
      default_strategy as (select id from control_set where kind = 'strategy' and is_default order by id desc limit 1)
      select t.terminal_id as "terminalId", a.plans,
             coalesce(os.id, (select id from default_strategy)) as "strategyId", b.fingerprint as bound,
             coalesce(r.reports, false) as reports, r.reported,
             t.time_zone as "ownZone", ${deptZoneSql(sql`t.dept_id`)} as "deptZone", t.lat, t.lng
      from terminal t
      left join active a on a.tid = t.terminal_id
      left join own_strategy os on os.terminal_id = t.terminal_id
      left join control_binding b on b.terminal_id = t.terminal_id
      left join lateral (
        select h.extra->'programFingerprint' is not null as reports, h.extra->>'programFingerprint' as reported
        from control_task ct join heartbeat h on h.terminal_id = ct.terminal_id
        where ct.source = b.source and ct.source_id = b.source_id and ct.terminal_id = b.terminal_id and ct.cmd = 'plan.bind' and ct.state = 'succeeded'
          and h.ts > ct.updated_at + interval '${sql.raw(CLOCK_MARGIN)}' and h.ts > ${now.toISOString()}::timestamptz - interval '${sql.raw(REPORT_FRESH)}'
        order by h.ts desc limit 1
      ) r on true
      where t.status <> 5 ${only}
        and (a.tid is not null or os.id is not null or b.terminal_id is not null or exists (select 1 from default_strategy))`),
  );
  const out: Desired[] = [];
  for (const { ownZone, deptZone, lat, lng, plans, ...d } of rows) {
    const zone = { timeZone: ownZone, deptZone, lat, lng };
    const timeZone = terminalZone(zone, installationTimeZone()).timeZone;
    const today = zonedDate(now.getTime(), timeZone);
    const candidates: Candidate[] = typeof plans === 'string' ? (JSON.parse(plans) as Candidate[]) : (plans ?? []);
    const plan = candidates.find((c) => c.startDate <= today && c.endDate >= today);
    if (!plan && !d.strategyId && !d.bound) continue;
    out.push({ ...d, planId: plan?.id ?? null, planPolicyId: plan ? dayPolicy(plan, now.getTime(), timeZone) : null, startDate: plan?.startDate ?? null, zone });
  }
  return out;
}

/** The policy a plan runs on the terminal's calendar day (its zone's; noon-to-noon when the plan says so): the winning rule's, else its own. */
function dayPolicy(plan: Candidate, now: number, timeZone: string): number {
  const minute = Math.floor((((now + zoneOffsetMin(timeZone, now) * 60_000) % 86_400_000) + 86_400_000) % 86_400_000 / 60_000);
  const date = calendarDateOf(zonedDate(now, timeZone), minute, plan.dayStart ?? 'midnight');
  const index = winningRule(plan.rules ?? [], date);
  return Number(index >= 0 ? plan.rules[index].policyId : plan.policyId);
}
