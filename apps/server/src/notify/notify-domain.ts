import type { Db } from '../db/client.js';
import type { ScheduledJob } from '../scheduler/scheduled-job.js';
import type { DeptService } from '../system/dept/dept-service.js';
import { NotifyRepository } from './notify-repository.js';
import { NotifyService, type MailSender, type NotifyLog } from './notify-service.js';

/** How often failed notices are looked at for another attempt. */
const RETRY_EVERY_MS = 15_000;

/** The app's alarm-notice service, built once by the root. */
export function createNotifyService(db: Db, mailer: MailSender, depts: Pick<DeptService, 'get'>, log: NotifyLog, timeZone: string): NotifyService {
  return new NotifyService(new NotifyRepository(db), mailer, depts, log, timeZone);
}

/**
 * `notify.retry`: the scheduler runs it on one instance at a time, and each due delivery is claimed before it is
 * tried again (NotifyRepository.due), so a retry is sent once however many instances run.
 */
export function notifyRetryJob(notify: NotifyService): ScheduledJob {
  return {
    name: 'notify.retry',
    everyMs: RETRY_EVERY_MS,
    run: async ({ now, signal }) => void (await notify.retryDue(now, signal)),
  };
}
