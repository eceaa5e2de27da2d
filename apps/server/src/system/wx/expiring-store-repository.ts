import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { expiringEntries } from '../../db/schema/index.js';
import type { ExpiringStore } from './expiring-store.js';

/** An ExpiringStore in sys_expiring_entry, one scope per store. */
export class ExpiringStoreRepository implements ExpiringStore {
  constructor(
    private readonly db: Db,
    private readonly scope: string,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async put(key: string, value: string): Promise<void> {
    const now = new Date(this.now());
    // Expired entries of every scope go with each write; QR sign-ins are far too rare for this to cost.
    await this.db.delete(expiringEntries).where(lte(expiringEntries.expiresAt, now));
    const expiresAt = new Date(now.getTime() + this.ttlMs);
    await this.db.insert(expiringEntries).values({ scope: this.scope, key, value, expiresAt })
      .onConflictDoUpdate({ target: [expiringEntries.scope, expiringEntries.key], set: { value, expiresAt } });
  }

  async get(key: string): Promise<string | undefined> {
    const [row] = await this.db.select({ value: expiringEntries.value }).from(expiringEntries).where(this.live(key));
    return row?.value;
  }

  async take(key: string): Promise<string | undefined> {
    const [row] = await this.db.delete(expiringEntries).where(this.live(key)).returning({ value: expiringEntries.value });
    return row?.value;
  }

  private live(key: string) {
    return and(eq(expiringEntries.scope, this.scope), eq(expiringEntries.key, key), gt(expiringEntries.expiresAt, new Date(this.now())));
  }
}
