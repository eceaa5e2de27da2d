import { sql, type SQL } from 'drizzle-orm';

/**
 * The energy model (docs/energy.md), as SQL the repositories share. A terminal's energy meter is a counter:
 * - the energy used between two consecutive readings is what the meter rose by; a drop is a reset (a restarted
 *   or replaced meter) and counts nothing, never negative energy;
 * - the rise is spread evenly over the time between the two readings, so a day (or any range) takes the share of
 *   every rise that falls in it, cut at local midnights: nothing is lost across midnight;
 * - two readings more than METER_GAP_DAYS apart are not joined: what the meter rose by over such a silence cannot
 *   be placed on days, and counts on none.
 */
export const METER_GAP_DAYS = 3;
export const METER_GAP = sql.raw(`interval '${METER_GAP_DAYS} days'`);

/**
 * The rises of the meter between consecutive readings of each terminal: `readings` is a FROM item with columns
 * (terminal_id, ts, e), the neighbours just outside the range included. Answers (terminal_id, t0, t1, inc).
 */
export const meterRises = (readings: SQL) => sql`
  select terminal_id, t0, t1, inc from (
    select terminal_id, lag(ts) over w as t0, ts as t1, e - lag(e) over w as inc
    from (${readings}) r window w as (partition by terminal_id order by ts, e)) s
  where inc > 0 and t1 - t0 <= ${METER_GAP}`;

/**
 * Each terminal's energy per local day of `timeZone`: `rises` is a FROM item `g` with (terminal_id, t0, t1, inc, lo, hi),
 * every rise counted only for its share inside [lo, hi]. Answers (terminal_id, day, kwh), `day` a local midnight
 * (timestamp without time zone), days with no energy left out. `timeZone` may be an SQL expression over `g` (each
 * terminal's own zone, e.g. a `tz` column of the rises).
 */
export const energyPerDay = (rises: SQL, timeZone: string | SQL) => {
  const dayStart = sql`(d.day at time zone ${timeZone})`;
  const dayEnd = sql`((d.day + interval '1 day') at time zone ${timeZone})`;
  const lo = sql`greatest(g.t0, g.lo, ${dayStart})`;
  const hi = sql`least(g.t1, g.hi, ${dayEnd})`;
  // A rise of no length (two readings at one time) lies wholly in its one day.
  const share = sql`case when g.t1 > g.t0 then extract(epoch from (${hi} - ${lo})) / extract(epoch from (g.t1 - g.t0)) else 1 end`;
  return sql`
    select g.terminal_id, d.day, sum(g.inc * ${share}) as kwh
    from (${rises}) g
    cross join lateral generate_series(date_trunc('day', greatest(g.t0, g.lo) at time zone ${timeZone}), date_trunc('day', least(g.t1, g.hi) at time zone ${timeZone}), interval '1 day') d(day)
    where g.t1 > g.lo and g.t0 < g.hi
    group by 1, 2
    having sum(g.inc * ${share}) > 0`;
};

/**
 * The readings `inside` a range [from, to] (a query answering terminal_id, ts, e for readings with a meter value) with,
 * for each terminal among them, the reading just before `from` and just after `to` (within METER_GAP_DAYS): the rises
 * across the range's edges are then counted for their share inside it.
 */
export const withNeighbours = (inside: SQL, from: Date, to: Date) => sql`
  with inside as (${inside}), terminals as (select distinct terminal_id from inside)
  select terminal_id, ts, e from inside
  union all
  select t.terminal_id, p.ts, p.e from terminals t cross join lateral (
    select h.ts, h.energy_kwh as e from heartbeat h
    where h.terminal_id = t.terminal_id and h.energy_kwh is not null and h.ts < ${from} and h.ts >= ${from}::timestamptz - ${METER_GAP}
    order by h.ts desc limit 1) p
  union all
  select t.terminal_id, n.ts, n.e from terminals t cross join lateral (
    select h.ts, h.energy_kwh as e from heartbeat h
    where h.terminal_id = t.terminal_id and h.energy_kwh is not null and h.ts > ${to} and h.ts <= ${to}::timestamptz + ${METER_GAP}
    order by h.ts limit 1) n`;

/** Each terminal's energy per local day over [from, to], from the raw readings `inside` it (see withNeighbours). */
export const rawEnergyPerDay = (inside: SQL, from: Date, to: Date, timeZone: string) =>
  energyPerDay(sql`select terminal_id, t0, t1, inc, ${from}::timestamptz as lo, ${to}::timestamptz as hi from (${meterRises(withNeighbours(inside, from, to))}) m`, timeZone);

