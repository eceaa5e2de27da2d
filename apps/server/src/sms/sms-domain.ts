import type { ScheduledJob } from '../scheduler/scheduled-job.js';
import type { Services } from '../services.js';
import { smsProviderFromConfig } from './sms-providers.js';
import { SmsRepository } from './sms-repository.js';
import { SmsService } from './sms-service.js';

const domains = new WeakMap<Services, SmsService>();
/** How often pending messages are retried. */
const RETRY_EVERY_MS = 15_000;

/** The app's SMS service, built once. */
export function smsDomain(services: Services): SmsService {
  let sms = domains.get(services);
  if (!sms) domains.set(services, (sms = new SmsService(new SmsRepository(services.db), smsProviderFromConfig(services.config), services.push.log)));
  return sms;
}

/**
 * `sms.retry`: the scheduler runs it on one instance at a time, and each due message is claimed before it is
 * retried (SmsRepository.due), so a retry is sent once however many instances run.
 */
export function smsRetryJob(services: Services): ScheduledJob {
  return {
    name: 'sms.retry',
    everyMs: RETRY_EVERY_MS,
    run: async ({ now, signal }) => void (await smsDomain(services).retryDue(now, signal)),
  };
}
