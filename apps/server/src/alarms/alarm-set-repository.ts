import { count, eq } from 'drizzle-orm';
import type { AlarmSetInput } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { alarmSets } from '../db/schema/index.js';

export type AlarmSetRow = typeof alarmSets.$inferSelect;

export class AlarmSetRepository {
  constructor(private readonly db: Db) {}

  all(): Promise<AlarmSetRow[]> {
    return this.db.select().from(alarmSets).orderBy(alarmSets.family);
  }

  async count(): Promise<number> {
    return (await this.db.select({ n: count() }).from(alarmSets))[0].n;
  }

  async find(setId: number) {
    return (await this.db.select().from(alarmSets).where(eq(alarmSets.setId, setId)))[0];
  }

  async byFamily(family: string) {
    return (await this.db.select().from(alarmSets).where(eq(alarmSets.family, family)))[0];
  }

  /** undefined when the family already has a set. */
  async insert(values: AlarmSetInput): Promise<AlarmSetRow | undefined> {
    return (await this.db.insert(alarmSets).values(values).onConflictDoNothing().returning())[0];
  }

  async update(setId: number, values: AlarmSetInput): Promise<AlarmSetRow | undefined> {
    return (await this.db.update(alarmSets).set({ ...values, updatedAt: new Date() }).where(eq(alarmSets.setId, setId)).returning())[0];
  }

  async remove(setId: number): Promise<boolean> {
    return (await this.db.delete(alarmSets).where(eq(alarmSets.setId, setId)).returning()).length > 0;
  }

  async removeFamily(family: string): Promise<void> {
    await this.db.delete(alarmSets).where(eq(alarmSets.family, family));
  }
}
