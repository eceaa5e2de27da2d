import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { ensurePartitions } from '../src/fleet/partitions.js';
import { rowsOf } from '../src/db/sql-rows.js';
import { MapRepository } from '../src/map/map-repository.js';
import { describeEachEngine } from './support/each-engine.js';
import { openTestDatabase } from './support/engines.js';

const DAY = 86_400_000;

describeEachEngine("the map's start-up lit states", (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    await ensurePartitions(database.db, new Date(Date.now() - 40 * DAY), new Date(Date.now() + DAY));
  });
  afterAll(() => database.close());

  it("takes each terminal's latest reading, whether it is an hour, three days or a month old", async () => {
    const db = database.db;
    const add = async (sn: string) =>
      Number(rowsOf<{ id: number }>(await db.execute(sql`insert into terminal (sn, family, name, model, dept_id, status, heartbeat_s) values (${sn}, 'rdc4m', ${sn}, 2, null, 3, 60) returning terminal_id as id`))[0].id);
    // A lit lamp draws its power (0.1 kW of the default 150 W); a dark one none.
    const reading = (id: number, daysAgo: number, on: boolean, powerKw = on ? 0.1 : 0) =>
      db.execute(sql`insert into heartbeat (terminal_id, mid, ts, model, "on", power_a) values (${id}, ${`m${id}-${daysAgo}`}, ${new Date(Date.now() - daysAgo * DAY).toISOString()}::timestamptz, 2, ${on}, ${powerKw})`);
    const [hour, hourOff, days, month, monthOff, never] = [await add('LIT1'), await add('LIT2'), await add('LIT3'), await add('LIT4'), await add('LIT5'), await add('LIT6')];
    await reading(hour, 0.04, true);
    await reading(hour, 5, false);
    await reading(hourOff, 0.04, false);
    await reading(hourOff, 2, true);
    await reading(days, 3, true);
    await reading(days, 20, false);
    await reading(month, 30, true);
    await reading(monthOff, 31, false);
    await reading(monthOff, 35, true);
    expect(never).toBeGreaterThan(0);

    expect((await new MapRepository(db).litTerminals()).sort((a, b) => a - b)).toEqual([hour, days, month]);
  });

  it('is measured light: power above 5 % of the rated power, whatever the relay flag says', async () => {
    const db = database.db;
    const add = async (sn: string, model: number, loops: number, ratedW: number | null) =>
      Number(rowsOf<{ id: number }>(await db.execute(sql`insert into terminal (sn, family, name, model, loops, rated_power_w, dept_id, status, heartbeat_s)
        values (${sn}, 'rdcsm', ${sn}, ${model}, ${loops}, ${ratedW}, null, 3, 60) returning terminal_id as id`))[0].id);
    const reading = (id: number, on: boolean, powerKw: number) =>
      db.execute(sql`insert into heartbeat (terminal_id, mid, ts, model, "on", power_a) values (${id}, ${`p${id}`}, now() - interval '1 minute', 2, ${on}, ${powerKw})`);
    const dead = await add('MEAS1', 2, 0, null); // relay closed, lamp dead: standby draw only
    const dimmed = await add('MEAS2', 2, 0, null); // 10 % of 150 W
    const big = await add('MEAS3', 2, 0, 400); // 15 W of a 400 W lamp: under 5 %
    const cabinet = await add('MEAS4', 1, 4, null); // one loop of four at its lowest: 0.7 kW of 12 kW
    const stuck = await add('MEAS5', 2, 0, null); // relay flag off, yet drawing full power
    await reading(dead, true, 0.002);
    await reading(dimmed, true, 0.015);
    await reading(big, true, 0.015);
    await reading(cabinet, true, 0.7);
    await reading(stuck, false, 0.15);
    const lit = new Set(await new MapRepository(db).litTerminals());
    expect([dead, dimmed, big, cabinet, stuck].map((id) => lit.has(id))).toEqual([false, true, false, true, true]);
  });
});
