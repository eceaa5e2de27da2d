import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { PageQuery } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { paginate } from '../../db/paging.js';
import { deviceEvents, heartbeats } from '../../db/schema/index.js';

const OVER_CURRENT = 'overCurrent';

export class OverCurrentRepository {
  constructor(private readonly db: Db) {}

  async latestCurrents(terminalId: number) {
    const [row] = await this.db
      .select({ ts: heartbeats.ts, currentA: heartbeats.currentA, currentB: heartbeats.currentB, currentC: heartbeats.currentC })
      .from(heartbeats)
      .where(eq(heartbeats.terminalId, terminalId))
      .orderBy(desc(heartbeats.ts))
      .limit(1);
    return row;
  }

  events(terminalId: number, page: PageQuery) {
    const where = and(eq(deviceEvents.terminalId, terminalId), eq(deviceEvents.event, OVER_CURRENT));
    return paginate(
      page,
      (limit, offset) =>
        this.db
          .select({ id: deviceEvents.id, state: deviceEvents.state, value: deviceEvents.value, loop: deviceEvents.loop, phase: sql<string | null>`upper(${deviceEvents.phase})`, ts: deviceEvents.ts })
          .from(deviceEvents)
          .where(where)
          .orderBy(desc(deviceEvents.ts), desc(deviceEvents.id))
          .limit(limit)
          .offset(offset),
      async () => (await this.db.select({ n: count() }).from(deviceEvents).where(where))[0].n,
    );
  }
}
