import type { ScheduledJob } from '../scheduler/scheduled-job.js';
import type { AuthRepository } from './auth-repository.js';
import type { ThrottleRepository } from './throttle-repository.js';

const AUTH_PURGE_EVERY_MS = 10 * 60_000;

/**
 * Expired captchas, revoked tokens and counters (sign-in attempts, the open API's rate limits) are deleted on one
 * instance every ten minutes, whether or not anyone signs in: a client calling the open API all day adds counter
 * rows without ever passing the console's sign-in.
 */
export function authPurgeJob(sessions: Pick<AuthRepository, 'purgeExpired'>, counters: Pick<ThrottleRepository, 'purge'>): ScheduledJob {
  return {
    name: 'auth.purge',
    everyMs: AUTH_PURGE_EVERY_MS,
    run: async ({ now }) => {
      await sessions.purgeExpired(now);
      await counters.purge(now.getTime());
    },
  };
}
