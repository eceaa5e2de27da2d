import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { ScheduledJob } from '../scheduler/scheduled-job.js';
import { smsProviderFromConfig } from './sms-providers.js';
import { SmsRepository } from './sms-repository.js';
import { SmsService } from './sms-service.js';

/** How often pending messages are retried. */
const RETRY_EVERY_MS = 15_000;

/** The app's SMS service, built once by the root. */
export function createSmsService(config: Config, db: Db, log: ConstructorParameters<typeof SmsService>[2]): SmsService {
  return new SmsService(new SmsRepository(db), smsProviderFromConfig(config), log);
}

/**
 * `sms.retry`: the scheduler runs it on one instance at a time, and each due message is claimed before it is
 * retried (SmsRepository.due), so a retry is sent once however many instances run.
 */
export function smsRetryJob(sms: SmsService): ScheduledJob {
  return {
    name: 'sms.retry',
    everyMs: RETRY_EVERY_MS,
    run: async ({ now, signal }) => void (await sms.retryDue(now, signal)),
  };
}
