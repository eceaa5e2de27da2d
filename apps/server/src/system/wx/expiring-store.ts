/**
 * Short-lived values whose entries vanish after the store's time to live: QR sign-in states, the
 * stand-in's one-time codes and access tokens. Kept in the database, or Redis when REDIS_URL is
 * set, so they survive a restart and every instance sees them.
 */
export interface ExpiringStore {
  put(key: string, value: string): Promise<void>;
  get(key: string): Promise<string | undefined>;
  /** Returns the value and forgets it: a one-time use. */
  take(key: string): Promise<string | undefined>;
}
