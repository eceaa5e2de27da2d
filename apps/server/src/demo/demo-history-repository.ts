import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { demoHistory, terminals, users } from '../db/schema/index.js';
import { rowsOf } from '../db/sql-rows.js';
import { deptZoneSql } from '../devices/terminal/terminal-zone-domain.js';
import type { DemoUnit, MeterEnd } from './demo-readings.js';

/** The demo history's marker, the demo terminals and their first live readings, and the crew of past work orders. */
export class DemoHistoryRepository {
  constructor(private readonly db: Db) {}

  /**
   * Claims the writing for this instance: true when no instance ever did, or when one started so
   * long ago without finishing that it must have stopped (the writes are idempotent, so redoing is safe).
   */
  async claim(days: number, staleBefore: Date): Promise<boolean> {
    const rows = await this.db
      .insert(demoHistory)
      .values({ id: 1, days })
      .onConflictDoUpdate({
        target: demoHistory.id,
        set: { days, startedAt: sql`now()` },
        setWhere: sql`${demoHistory.finishedAt} is null and ${demoHistory.startedAt} < ${staleBefore}`,
      })
      .returning({ id: demoHistory.id });
    return rows.length > 0;
  }

  async finish(): Promise<void> {
    await this.db.update(demoHistory).set({ finishedAt: sql`now()` }).where(eq(demoHistory.id, 1));
  }

  async marker() {
    return (await this.db.select().from(demoHistory).where(eq(demoHistory.id, 1)))[0];
  }

  units(sns: string[]): Promise<DemoUnit[]> {
    return this.db
      .select({
        terminalId: terminals.terminalId, sn: terminals.sn, family: terminals.family, name: terminals.name, deptId: terminals.deptId,
        model: terminals.model, phases: terminals.phases, loops: terminals.loops,
        lat: sql<number>`coalesce(${terminals.lat}, 31.23)`, lng: sql<number>`coalesce(${terminals.lng}, 121.47)`, heartbeatS: terminals.heartbeatS,
        ownZone: terminals.timeZone, deptZone: deptZoneSql(sql`${terminals.deptId}`),
      })
      .from(terminals)
      .where(inArray(terminals.sn, sns))
      .orderBy(asc(terminals.terminalId));
  }

  /** Each terminal's first live reading since `since`: where its past must end. */
  async firstLiveReadings(terminalIds: number[], since: Date): Promise<Map<number, MeterEnd & { ts: Date }>> {
    if (!terminalIds.length) return new Map();
    const result = await this.db.execute(sql`
      select distinct on (terminal_id) terminal_id, ts, energy_kwh, burn_hours from heartbeat
      where terminal_id in (${sql.join(terminalIds.map((id) => sql`${id}`), sql`, `)}) and ts >= ${since} and mid not like 'hist-%'
      order by terminal_id, ts`);
    const rows = rowsOf<{ terminal_id: number; ts: string | Date; energy_kwh: number | null; burn_hours: number | null }>(result);
    return new Map(rows.map((r) => [Number(r.terminal_id), { ts: new Date(r.ts), energyKwh: Number(r.energy_kwh ?? 0), burnHours: Number(r.burn_hours ?? 0) }]));
  }

  async pastHeartbeatCount(): Promise<number> {
    return Number(rowsOf<{ n: number }>(await this.db.execute(sql`select count(*)::int as n from heartbeat where mid like 'hist-%'`))[0].n);
  }

  /** Who the demo's past work orders went to: the demo field operator, else the administrator. */
  async crew(): Promise<{ userId: number; name: string } | undefined> {
    const rows = await this.db
      .select({ userId: users.userId, name: users.username })
      .from(users)
      .where(inArray(users.username, ['operator', 'admin']))
      .orderBy(sql`${users.username} = 'operator' desc`);
    return rows[0];
  }
}
