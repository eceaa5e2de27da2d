import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql-rows.js';

/** An emergency override a terminal confirmed, with when it ruled: from its start to its expiry or cancellation. */
export interface ConfirmedOverride {
  id: number;
  level: number;
  from: number;
  to: number;
}

/** A bound terminal's latest heartbeat, with what verification needs to judge it. */
export interface Observed {
  terminalId: number;
  name: string;
  deptId: number | null;
  family: string;
  model: number;
  loops: number;
  ratedPowerW: number | null;
  controlMode: string;
  lat: number;
  lng: number;
  ts: string | Date;
  on: boolean | null;
  dim: number | null;
  powerA: number | null;
  powerB: number | null;
  powerC: number | null;
  /** The heartbeat's `extra` (HeartbeatExtra), parsed. */
  extra: unknown;
  /** The program last sent (control_binding's fingerprint, parsed: `{ program }`). */
  program: string;
  timeZone: string | null;
  /** Confirmed overrides that ruled within `graceMs` of the reading. */
  overrides: ConfirmedOverride[];
}

interface Raw extends Omit<Observed, 'extra' | 'overrides'> {
  extra: string | null;
  overrides: string;
}

/**
 * The latest heartbeat (within `freshMs` of `now`) of each bound, positioned terminal, and the
 * emergency overrides the terminal confirmed that ruled within `graceMs` of it (an override sent but not
 * confirmed, or refused as outranked, is not what the terminal does).
 */
export async function latestReadings(db: Db, now: Date, freshMs: number, graceMs: number): Promise<Observed[]> {
  const grace = `${graceMs / 1000} seconds`;
  const rows = rowsOf<Raw>(
    await db.execute(sql`
      select t.terminal_id as "terminalId", t.name, t.dept_id as "deptId", t.family, t.model, t.loops, t.rated_power_w as "ratedPowerW",
             t.control_mode as "controlMode", t.lat, t.lng,
             latest.ts, latest."on", latest.dim, latest.power_a as "powerA", latest.power_b as "powerB", latest.power_c as "powerC", latest.extra::text as extra,
             b.fingerprint as program, p.time_zone as "timeZone",
             (select coalesce(json_agg(json_build_object('id', e.id, 'level', e.level, 'from', e.start_at, 'to', least(e.expire_at, coalesce(e.cancelled_at, e.expire_at)))), '[]')::text
              from control_emergency e
              where e.start_at <= latest.ts + ${grace}::interval and least(e.expire_at, coalesce(e.cancelled_at, e.expire_at)) >= latest.ts - ${grace}::interval
                and exists (select 1 from control_task ct where ct.source = 'emergency' and ct.source_id = e.id and ct.terminal_id = t.terminal_id and ct.state = 'succeeded')
             ) as overrides
      from control_binding b
      join terminal t on t.terminal_id = b.terminal_id
      left join control_plan p on b.source = 'plan' and p.id = b.source_id
      cross join lateral (select h.ts, h."on", h.dim, h.power_a, h.power_b, h.power_c, h.extra from heartbeat h
        where h.terminal_id = t.terminal_id and h.ts <= ${new Date(now.getTime() + freshMs).toISOString()}::timestamptz order by h.ts desc limit 1) latest
      where t.lat is not null and t.lng is not null
        and latest.ts > ${new Date(now.getTime() - freshMs).toISOString()}::timestamptz`),
  );
  return rows.map((r) => ({
    ...r,
    model: Number(r.model),
    loops: Number(r.loops),
    extra: r.extra ? JSON.parse(r.extra) : null,
    overrides: (JSON.parse(r.overrides) as Array<{ id: number; level: number; from: string; to: string }>).map((o) => ({ id: o.id, level: o.level, from: Date.parse(o.from), to: Date.parse(o.to) })),
  }));
}

/** The open day-burning and lampFailure alarms, as `terminalId/kind/loop` keys (loop -1 for none): few, so read at once. */
export async function openVerificationAlarms(db: Db): Promise<Set<string>> {
  const rows = rowsOf<{ terminalId: number; kind: string; loop: number | null }>(
    await db.execute(sql`select terminal_id as "terminalId", kind, loop from alarm
      where cleared_at is null and status in (1, 2, 3, 4, 7) and kind in ('dayBurning', 'lampFailure')`),
  );
  return new Set(rows.map((r) => alarmKey(Number(r.terminalId), r.kind, r.loop === null ? null : Number(r.loop))));
}

export const alarmKey = (terminalId: number, kind: string, loop: number | null) => `${terminalId}/${kind}/${loop ?? -1}`;
