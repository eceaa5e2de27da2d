import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_LAMP_RATED_W, DEFAULT_LOOP_RATED_W, LIT_POWER_SHARE, TerminalModel } from '@sl/contracts';

/** A terminal's rated power (W) in SQL, as contracts' ratedPowerW computes it; `t` is the terminal table's alias. */
export const ratedWattsSql = (t: string): SQL =>
  sql.raw(
    `coalesce(nullif(${t}.rated_power_w, 0), case when ${t}.model = ${TerminalModel.singleLamp} then ${DEFAULT_LAMP_RATED_W} else ${DEFAULT_LOOP_RATED_W} * greatest(1, ${t}.loops) end)`,
  );

/** The share of the rated power above which a lamp gives light (contracts: litByPower). */
export const LIT_SHARE_SQL = sql.raw(String(LIT_POWER_SHARE));

/** An hourly rollup `r` is lit when its mean power is light, not a relay flag or a dead lamp's standby draw (contracts: litByPower). */
export const litHourSql = (r: string, t: string): SQL => sql`(${sql.raw(r)}.power_avg * 1000 > ${LIT_SHARE_SQL} * ${ratedWattsSql(t)})`;

/**
 * A daily rollup `r`'s switched-on hours burned when the day's energy is light-level for them (above the lit share of the
 * rated power through those hours): a dead lamp whose relay closes all night burns no hours.
 */
export const litDaySql = (r: string, t: string): SQL => sql`(${sql.raw(r)}.energy_used * 1000 > ${LIT_SHARE_SQL} * ${ratedWattsSql(t)} * ${sql.raw(r)}.on_share * 24)`;

/** The local hours of a day (0–23) as bits of `heartbeat_rollup.lit_hours`. */
export const HOURS_OF_DAY = Array.from({ length: 24 }, (_, h) => h);
