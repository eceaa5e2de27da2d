import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

export interface LampDaySums {
  assetId: number;
  day: string;
  litReadings: number;
  ratioSum: number;
  pfSum: number;
  cycles: number;
  burnHours: number | null;
}

const CHUNK = 2000;

/** Adds readings' sums to their lamps' days: every gateway instance adds its own share (lamp_day). */
export class LampDayRepository {
  constructor(private readonly db: Db) {}

  async add(rows: LampDaySums[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK) {
      const part = rows.slice(i, i + CHUNK);
      const values = sql.join(part.map((r) => sql`(${r.assetId}::int, ${r.day}::date, ${r.litReadings}::int, ${r.ratioSum}::float8, ${r.pfSum}::float8, ${r.cycles}::int, ${r.burnHours}::real)`), sql`, `);
      // A lamp deleted meanwhile is skipped, not a failed batch.
      await this.db.execute(sql`
        insert into lamp_day (asset_id, day, lit_readings, ratio_sum, pf_sum, cycles, burn_hours)
        select v.* from (values ${values}) as v(asset_id, day, lit_readings, ratio_sum, pf_sum, cycles, burn_hours)
        where exists (select 1 from lamp_asset a where a.asset_id = v.asset_id)
        on conflict (asset_id, day) do update set
          lit_readings = lamp_day.lit_readings + excluded.lit_readings,
          ratio_sum = lamp_day.ratio_sum + excluded.ratio_sum,
          pf_sum = lamp_day.pf_sum + excluded.pf_sum,
          cycles = lamp_day.cycles + excluded.cycles,
          burn_hours = greatest(lamp_day.burn_hours, excluded.burn_hours)`);
    }
  }
}
