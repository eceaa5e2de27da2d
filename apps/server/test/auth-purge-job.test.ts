import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AuthRepository } from '../src/auth/auth-repository.js';
import { authPurgeJob } from '../src/auth/auth-purge-job.js';
import { ThrottleRepository } from '../src/auth/throttle-repository.js';
import type { Database } from '../src/db/client.js';
import { describeEachEngine } from './support/each-engine.js';
import { openTestDatabase } from './support/engines.js';

/** The expiry of sign-in and rate-limit state runs as a job, not as a side effect of a console sign-in. */
describeEachEngine('the auth purge job', (engine) => {
  let database: Database;
  beforeAll(async () => (database = await openTestDatabase(engine)));
  afterAll(() => database?.close());

  const keys = async (table: string, column: string) =>
    ((await database.db.execute(sql.raw(`select ${column} as k from ${table} order by 1`))) as unknown as { rows: Array<{ k: string }> }).rows.map((r) => r.k);

  it('deletes the open API counters, captchas and revoked tokens that have expired, and keeps the live ones', async () => {
    const start = Date.UTC(2026, 0, 1, 8, 0, 0);
    const sessions = new AuthRepository(database.db);
    const counters = new ThrottleRepository(database.db);
    // A client's calls in one minute, then another's five minutes later; each window lasts a minute.
    await counters.countInWindow('open:client:old', 60_000, start);
    await counters.countInWindow('open:token:198.51.100.7', 60_000, start);
    await counters.countInWindow('open:client:live', 60_000, start + 5 * 60_000);
    await sessions.saveCaptcha('old-captcha', '1234', new Date(start + 2 * 60_000));
    await sessions.saveCaptcha('live-captcha', '5678', new Date(start + 10 * 60_000));
    await sessions.revoke('old-jti', new Date(start + 60_000));
    await sessions.revoke('live-jti', new Date(start + 24 * 3600_000));

    await authPurgeJob(sessions, counters).run({ now: new Date(start + 5 * 60_000 + 30_000), lastRunAt: null, signal: new AbortController().signal });

    expect(await keys('sys_auth_throttle', 'key')).toEqual(['open:client:live']);
    expect(await keys('sys_captcha', 'id')).toEqual(['live-captcha']);
    expect(await keys('sys_revoked_token', 'jti')).toEqual(['live-jti']);
    // The live window still counts on: its second call is the second.
    expect((await counters.countInWindow('open:client:live', 60_000, start + 5 * 60_000 + 40_000)).count).toBe(2);
  });
});
