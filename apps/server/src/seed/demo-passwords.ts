import { inArray } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import type { PasswordHashService } from '../auth/password-hash-service.js';
import { DEMO_ACCOUNTS, DEMO_ADMIN_PASSWORD } from './seed.js';

/**
 * What the start-up says about the password policy and the demo's own accounts, whose seeded password
 * (DEMO_ADMIN_PASSWORD) the policy refuses: exempt in demo mode, and named in a warning outside it while
 * they still have it (a database first started in demo mode).
 */
export async function demoPasswordNotice(db: Db, config: Pick<Config, 'DEMO'>, hashes: PasswordHashService): Promise<string[]> {
  const accounts = DEMO_ACCOUNTS.join(', ');
  if (config.DEMO) {
    return [`  Password policy: demo mode exempts the demo accounts (${accounts}) and their password ${DEMO_ADMIN_PASSWORD}; every new password must pass it.`];
  }
  const rows = await db.select({ username: users.username, hash: users.passwordHash }).from(users).where(inArray(users.username, [...DEMO_ACCOUNTS]));
  const still: string[] = [];
  for (const name of DEMO_ACCOUNTS) {
    const row = rows.find((r) => r.username === name);
    if (row && (await hashes.matches(DEMO_ADMIN_PASSWORD, row.hash))) still.push(name);
  }
  if (still.length === 0) return [];
  return [`  WARNING: ${still.join(', ')} still sign in with the demo password ${DEMO_ADMIN_PASSWORD}, which is exempt from the password policy in demo mode only: change it.`];
}
