import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.js';

/** A city of `n` terminals in Shanghai's extent: lamps along a grid of streets (every 2nd in 50 a cabinet), like a real network. */
export async function seedCity(db: Db, n: number) {
  await db.execute(sql`
    insert into terminal (sn, family, name, model, dept_id, lng, lat, online_state, status, register_state, last_seen_at)
    select 'MAP' || lpad(g::text, 7, '0'),
      case when g % 2 = 0 then 'rdcsm' else 'rdc4m' end,
      '路灯 ' || g,
      case when g % 50 = 0 then 1 else 2 end,
      1 + g % 5,
      case when street < 300 then 121.20 + street * 0.002 + (random() - 0.5) * 0.00004 else 121.20 + random() * 0.6 end,
      case when street < 300 then 30.90 + random() * 0.55 else 30.90 + (street - 300) * 0.00183 + (random() - 0.5) * 0.00004 end,
      case when r < 0.05 then 2 when r < 0.08 then 3 else 1 end,
      3, 1, now()
    from (select g, g % 600 as street, random() as r from generate_series(1, ${n}::int) g) s`);
  // Latest heartbeats: 70 % of the lamps lit. Open lamp failures on 1 %.
  await db.execute(sql`
    insert into heartbeat (terminal_id, mid, ts, model, "on", dim)
    select terminal_id, 'bench-' || terminal_id, now(), model, random() < 0.7, 100 from terminal`);
  await db.execute(sql`
    insert into alarm (terminal_id, dept_id, kind, status, message)
    select terminal_id, dept_id, 'lampFailure', 1, 'lamp failure' from terminal where terminal_id % 100 = 7`);
  await db.execute(sql`analyze`);
}
