import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/sql-rows.js';

export interface StoredMeter {
  energyKwh: number;
  burnHours: number;
}

/**
 * Where each demo terminal's meters stood at its latest stored reading, by `family/sn`: a restarted demo fleet
 * goes on from there, as a real terminal's meters do, instead of starting from a new random reading (which made
 * the energy of a restart day negative, or thousands of kWh).
 */
export async function storedMeters(db: Db, sns: string[]): Promise<Map<string, StoredMeter>> {
  if (!sns.length) return new Map();
  const result = await db.execute(sql`
    select t.family, t.sn, l.energy_kwh, l.burn_hours from terminal t
    cross join lateral (select h.energy_kwh, h.burn_hours from heartbeat h where h.terminal_id = t.terminal_id and h.energy_kwh is not null order by h.ts desc limit 1) l
    where t.sn in (${sql.join(sns.map((sn) => sql`${sn}`), sql`, `)})`);
  const rows = rowsOf<{ family: string; sn: string; energy_kwh: number; burn_hours: number | null }>(result);
  return new Map(rows.map((r) => [`${r.family}/${r.sn}`, { energyKwh: Number(r.energy_kwh), burnHours: Number(r.burn_hours ?? 0) }]));
}
