import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { DemoProfile, DemoUnit, MeterEnd } from './demo-readings.js';

/** A stretch of a terminal's past (epoch ms, `hi` excluded): lit at `dim` percent, or an episode. */
export interface PastSpan {
  kind: 'lit' | 'offline' | 'voltageLow' | 'doorOpen' | 'lampFailure';
  lo: number;
  hi: number;
  dim?: number;
}

export interface PastChunk {
  unit: DemoUnit;
  profile: DemoProfile;
  from: Date;
  to: Date;
  spans: PastSpan[];
  /** The meters at `to`, when no past reading follows the chunk (the last chunk of the range). */
  end: MeterEnd;
}

const H = (p: PastChunk) => sql`${p.unit.heartbeatS / 3600}::float8`;
/** The spans of a kind (and level) as a multirange literal: one containment test per sample, whatever their number. */
const ranges = (spans: PastSpan[]) => `{${spans.map((x) => `[${new Date(x.lo).toISOString()},${new Date(x.hi).toISOString()})`).join(',')}}`;
// The grid sags in the evening peak and rises late at night (hours of UTC+8).
const volts = (p: PastChunk) =>
  sql`case when low then 188 + random() * 4 else ${p.profile.volts}::float8 + 3 * sin(((hour - 4) / 24) * 2 * pi()) + (random() - 0.5) * 2 end`;

/**
 * One terminal's heartbeats at its interval over [from, to), generated in the database: lit per
 * the spans, no row while offline, readings as the terminal would report them. The meters count
 * backwards from the reading that follows the chunk (or `end`), so chunks are written newest first
 * and the meter meets the live readings without a jump. A repeated run inserts nothing twice.
 */
function pastHeartbeatsInsert(p: PastChunk) {
  const u = p.unit;
  const within = (kind: PastSpan['kind']) => sql`${ranges(p.spans.filter((x) => x.kind === kind))}::tstzmultirange @> g`;
  const levels = [...new Set(p.spans.filter((x) => x.kind === 'lit').map((x) => x.dim ?? 100))];
  const lit = levels.length
    ? sql`case ${sql.join(levels.map((dim) => sql`when ${ranges(p.spans.filter((x) => x.kind === 'lit' && (x.dim ?? 100) === dim))}::tstzmultirange @> g then ${dim}::int`), sql` `)} end`
    : sql`null::int`;
  const anchor = (column: string, moved: string, fallback: number) => sql`coalesce((
    select ${sql.raw(column)} - (${sql.raw(moved)}) * ${H(p)} from heartbeat
    where terminal_id = ${u.terminalId} and ts >= ${p.to} and mid like 'hist-%' order by ts limit 1), ${fallback}::float8)`;
  const kw = 'coalesce(power_a, 0) + coalesce(power_b, 0) + coalesce(power_c, 0)';
  const samples = sql`
    with s as (
      select g as ts, ((extract(epoch from g)::bigint / 60 + 480) % 1440) / 60.0::float8 as hour, ${lit} as lit,
        ${within('lampFailure')} as failed, ${within('voltageLow')} as low, ${within('doorOpen')} as door
      from generate_series(${p.from}::timestamptz, ${p.to}::timestamptz, make_interval(secs => ${u.heartbeatS})) g
      where g < ${p.to} and not ${within('offline')}
    )`;
  if (u.model === 2) {
    return sql`${samples}, v as (
        select ts, lit, failed, ${volts(p)} as va,
          case when lit is not null and not failed then ${p.profile.lampW}::float8 * lit / 100 else 0 end as watts
        from s
      ), r as (
        select ts, lit, failed, round((va) * 1e1) / 1e1 as va, watts, round(watts) / 1e3 as kw from v
      )
      insert into heartbeat (terminal_id, mid, ts, received_at, model, voltage_a, current_a, power_a, power_factor, energy_kwh, dim, "on", burn_hours, extra)
      select ${u.terminalId}, 'hist-' || (extract(epoch from ts) * 1000)::bigint, ts, ts, 2, va, round((watts / (va * ${p.profile.powerFactor}::float8)) * 1e3) / 1e3, kw, ${p.profile.powerFactor}::real,
        round((${anchor('energy_kwh', kw, p.end.energyKwh)} - ${H(p)} * coalesce(sum(kw) over later, 0)) * 1e3) / 1e3,
        coalesce(lit, 100), lit is not null,
        round((${anchor('burn_hours', 'case when power_a > 0 then 1 else 0 end', p.end.burnHours)} - ${H(p)} * coalesce(sum(case when kw > 0 then 1 else 0 end) over later, 0)) * 1e2) / 1e2,
        jsonb_build_object('lampFailure', lit is not null and failed)
      from r
      window later as (order by ts desc rows between unbounded preceding and 1 preceding)
      on conflict (terminal_id, mid, ts) do nothing`;
  }
  // Cabinet loops are spread round-robin over its phases.
  const onPhase = [0, 1, 2].map((i) => (i < u.phases ? Array.from({ length: u.loops }, (_, l) => l % u.phases === i).filter(Boolean).length : 0));
  const amps = (i: number) => (i < u.phases ? sql`round((coalesce(${onPhase[i]}::int * ${p.profile.loopA}::float8 * (0.3 + 0.7 * lit / 100.0::float8), 0) + 0.05 + random() * 0.2) * 1e2) / 1e2` : sql`0`);
  const phaseVolts = (i: number) => (i < u.phases ? sql`round((${volts(p)}) * 1e1) / 1e1` : sql`0`);
  const pf = p.profile.powerFactor;
  return sql`${samples}, v as (
      select ts, lit, door, hour, ${phaseVolts(0)} as va, ${phaseVolts(1)} as vb, ${phaseVolts(2)} as vc, ${amps(0)} as ia, ${amps(1)} as ib, ${amps(2)} as ic from s
    ), r as (
      select *, round((va * ia * ${pf}::float8 / 1000) * 1e3) / 1e3 as pa, round((vb * ib * ${pf}::float8 / 1000) * 1e3) / 1e3 as pb, round((vc * ic * ${pf}::float8 / 1000) * 1e3) / 1e3 as pc from v
    )
    insert into heartbeat (terminal_id, mid, ts, received_at, model, voltage_a, voltage_b, voltage_c, current_a, current_b, current_c, power_a, power_b, power_c,
      power_factor, energy_kwh, leakage_ma, temperature_c, "on", extra)
    select ${u.terminalId}, 'hist-' || (extract(epoch from ts) * 1000)::bigint, ts, ts, 1, va, vb, vc, ia, ib, ic, pa, pb, pc, ${pf}::real,
      round((${anchor('energy_kwh', kw, p.end.energyKwh)} - ${H(p)} * coalesce(sum(pa + pb + pc) over later, 0)) * 1e2) / 1e2,
      round((1.5 + random() * 2) * 1e1) / 1e1,
      round((18 + 7 * sin(((hour - 9) / 24) * 2 * pi()) + random()) * 1e1) / 1e1,
      lit is not null,
      jsonb_build_object('door', case when door then 'open' else 'closed' end, 'lock', 'unlocked', 'mode', 'auto',
        'loops', (select coalesce(jsonb_agg(jsonb_build_object('no', n, 'on', lit is not null) order by n), '[]'::jsonb) from generate_series(1, ${u.loops}::int) n),
        'powerFactor', jsonb_build_object('a', ${u.phases >= 1 ? pf : 0}::real, 'b', ${u.phases >= 2 ? pf : 0}::real, 'c', ${u.phases >= 3 ? pf : 0}::real))
    from r
    window later as (order by ts desc rows between unbounded preceding and 1 preceding)
    on conflict (terminal_id, mid, ts) do nothing`;
}

/** Writes the demo terminals' past heartbeats, a chunk per statement. */
export class PastHeartbeatRepository {
  constructor(private readonly db: Db) {}

  async insert(chunk: PastChunk): Promise<void> {
    await this.db.execute(pastHeartbeatsInsert(chunk));
  }
}
