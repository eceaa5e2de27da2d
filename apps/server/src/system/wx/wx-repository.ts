import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userOauth, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

export class WxRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (repo: WxRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new WxRepository(tx as unknown as Db)));
  }

  async boundUser(provider: string, openId: string): Promise<UserRow | undefined> {
    const rows = await this.db
      .select({ user: users })
      .from(userOauth)
      .innerJoin(users, eq(users.userId, userOauth.userId))
      .where(and(eq(userOauth.provider, provider), eq(userOauth.openId, openId)));
    return rows[0]?.user;
  }

  /** Links the open id to the user, replacing an earlier link of the same open id. */
  async bind(values: { provider: string; openId: string; userId: number; phone: string }): Promise<void> {
    await this.db
      .insert(userOauth)
      .values(values)
      .onConflictDoUpdate({ target: userOauth.openId, set: { provider: values.provider, userId: values.userId, phone: values.phone, updatedAt: new Date() } });
  }

  async setPhoneIfEmpty(userId: number, phone: string): Promise<void> {
    await this.db.update(users).set({ phone, updatedAt: new Date() }).where(and(eq(users.userId, userId), eq(users.phone, '')));
  }
}
