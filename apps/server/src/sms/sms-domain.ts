import type { Services } from '../services.js';
import { smsProviderFromEnv } from './sms-providers.js';
import { SmsRepository } from './sms-repository.js';
import { SmsService } from './sms-service.js';

const domains = new WeakMap<Services, SmsService>();
/** How often pending messages are retried. */
const RETRY_EVERY_MS = 15_000;

/** The app's SMS service (built once), with its retry timer stopped when the app closes. */
export function smsDomain(services: Services, onClose?: (stop: () => void) => void): SmsService {
  let sms = domains.get(services);
  if (!sms) {
    sms = new SmsService(new SmsRepository(services.db), smsProviderFromEnv(process.env), services.push.log);
    domains.set(services, sms);
    const s = sms;
    const timer = setInterval(() => void s.retryDue().catch((err: unknown) => services.push.log.error({ err }, 'sms retry failed')), RETRY_EVERY_MS);
    timer.unref();
    onClose?.(() => clearInterval(timer));
  }
  return sms;
}
