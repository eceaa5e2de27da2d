import type { PageResult, SmsLogQuery, SmsLogRow, SmsState } from '@sl/contracts';
import { withIsoDates } from '../devices/logs/records.js';
import { notFound, text } from '../http/errors.js';
import type { Principal } from '../system/access/principal.js';
import type { SmsProvider } from './sms-provider.js';
import type { SmsRepository, SmsRow } from './sms-repository.js';
import { SMS_TEMPLATES, type SmsTemplate } from './sms-templates.js';
import { drainDue } from '../scheduler/drain-due.js';

/** Attempts before a message is given up as failed, and the wait before each retry (doubling). */
export const SMS_MAX_ATTEMPTS = 5;
export const smsBackoffMs = (attempt: number, baseMs = 30_000) => baseMs * 2 ** (attempt - 1);
/** Messages claimed at once by a retry run. */
const SMS_BATCH = 20;
/**
 * How long a claimed message is left to the instance attempting it before another may: well above an attempt's
 * 10 s provider time-out times the messages claimed at once.
 */
export const SMS_LEASE_MS = 5 * 60_000;

export interface SmsRecipient {
  userId: number | null;
  phone: string;
  deptId: number | null;
}

export interface SmsLog {
  error(obj: unknown, msg?: string): void;
}

/** Sends texts through the configured provider; every message is logged first, then delivered, retried with backoff. */
export class SmsService {
  constructor(
    private readonly repo: SmsRepository,
    readonly provider: SmsProvider,
    private readonly log: SmsLog,
    private readonly baseBackoffMs = 30_000,
  ) {}

  /** Logs one message per recipient with a phone, claimed by this instance, and tries each once now; answers the log rows. */
  async send(to: SmsRecipient[], template: SmsTemplate, params: Record<string, string>, refs: { alarmId?: number; orderId?: number } = {}): Promise<SmsRow[]> {
    const content = SMS_TEMPLATES[template](params).slice(0, 500);
    const rows = await this.repo.insert(
      to.filter((r) => r.phone).map((r) => ({
        userId: r.userId, deptId: r.deptId, phone: r.phone, template, params, content, provider: this.provider.name,
        alarmId: refs.alarmId ?? null, orderId: refs.orderId ?? null, nextAttemptAt: new Date(Date.now() + SMS_LEASE_MS),
      })),
    );
    return Promise.all(rows.map((row) => this.attempt(row)));
  }

  /** Recipients by user id without a caller (alarm settings chose them). */
  recipients(userIds: number[]): Promise<SmsRecipient[]> {
    return this.repo.phonesOf(userIds);
  }

  /** The recipients by user id, all in the caller's scope (404 naming those that are not). */
  async usersOf(p: Principal, userIds: number[]): Promise<SmsRecipient[]> {
    const found = await this.repo.phones(p, userIds);
    const absent = userIds.filter((id) => !found.some((u) => u.userId === id));
    if (absent.length) throw notFound(text('sms.userNotFound', { ids: absent.join(', ') }));
    return found;
  }

  /** One delivery attempt: sent, or pending with the next attempt pushed back, or failed after the last. */
  async attempt(row: SmsRow, now = new Date()): Promise<SmsRow> {
    const attempts = row.attempts + 1;
    try {
      await this.provider.send({ phone: row.phone, template: row.template, params: row.params, content: row.content });
      const patch = { state: 'sent', attempts, sentAt: now, nextAttemptAt: null, lastError: '' };
      await this.repo.settle(row.smsId, patch);
      return { ...row, ...patch };
    } catch (err) {
      const lastError = String(err instanceof Error ? err.message : err).slice(0, 255);
      const state: SmsState = attempts >= SMS_MAX_ATTEMPTS ? 'failed' : 'pending';
      const patch = { state, attempts, lastError, nextAttemptAt: state === 'failed' ? null : new Date(now.getTime() + smsBackoffMs(attempts, this.baseBackoffMs)) };
      await this.repo.settle(row.smsId, patch);
      this.log.error({ err, smsId: row.smsId, attempts }, 'sms delivery failed');
      return { ...row, ...patch };
    }
  }

  /** Claims the pending messages that are due, a batch at a time, and retries each (the scheduler's `sms.retry` job); answers how many. */
  retryDue(now = new Date(), signal?: AbortSignal): Promise<number> {
    return drainDue(() => this.repo.due(now, new Date(now.getTime() + SMS_LEASE_MS), SMS_BATCH), SMS_BATCH, (row) => this.attempt(row, now), signal);
  }

  async page(p: Principal, q: SmsLogQuery): Promise<PageResult<SmsLogRow>> {
    const page = await this.repo.page(p, q);
    return { ...page, list: page.list.map(({ sms, userName }) => ({ ...withIsoDates(sms), userName, state: sms.state as SmsState })) };
  }
}
