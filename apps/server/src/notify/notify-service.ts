import { emailAddresses, type Locale, type NotifyChannel, type NotifyChannelValues } from '@sl/contracts';
import type { AlarmNotice } from '../alarms/alarm-workflow.js';
import { badRequest, notFound, text } from '../http/errors.js';
import type { Principal } from '../system/access/principal.js';
import type { DeptService } from '../system/dept/dept-service.js';
import { alarmNoticeText, asRobotMessage } from './alarm-notice-text.js';
import type { NotifyChannelRow, NotifyRepository } from './notify-repository.js';
import { sendDingtalk, sendWecom } from './robot-senders.js';
import { drainDue } from '../scheduler/drain-due.js';
import { BriefCache } from '../db/brief-cache.js';

/** What the notices need of the mailer (services.mailer, mail/). */
export interface MailSender {
  send(message: { to: string[]; subject: string; text: string }): Promise<unknown>;
}

export interface NotifyLog {
  error(obj: object, msg: string): void;
}

const toChannel = ({ channel: c, deptName }: { channel: NotifyChannelRow; deptName: string }): NotifyChannel => ({
  channelId: c.channelId, deptId: c.deptId, deptName, kind: c.kind as NotifyChannel['kind'], name: c.name, target: c.target, signed: c.secret !== '',
  severities: c.severities as NotifyChannel['severities'], locale: c.locale as Locale, enabled: c.enabled, updatedAt: c.updatedAt.toISOString(),
});
const missing = (channelId: number) => notFound(text('notify.channelNotFound', { channelId }));

/** A delivery is tried this many times in all: at once, then after 30 s, 1, 2 and 4 minutes. */
const NOTIFY_MAX_ATTEMPTS = 5;
const NOTIFY_BACKOFF_MS = 30_000;
/** How long a claimed retry is left to its instance before another may take it. */
const NOTIFY_LEASE_MS = 5 * 60_000;
const NOTIFY_BATCH = 20;
/**
 * How long a department's channels are kept: an alarm storm raises hundreds of alarms a second, and one read of
 * the channels each would queue before the alarm writes on the connection pool. A channel changed here applies at
 * once; one changed through another instance within this time.
 */
const CHANNELS_TTL_MS = 5_000;
type Words = { title: string; lines: string[] };

/** What an attempt leaves in the log: sent; retrying after a back-off; failed after the last attempt. */
function outcome(error: string, attempts: number, now: Date) {
  if (!error) return { state: 'sent', attempts, error: '', nextAttemptAt: null };
  const last = attempts >= NOTIFY_MAX_ATTEMPTS;
  return { state: last ? 'failed' : 'retrying', attempts, error: error.slice(0, 255), nextAttemptAt: last ? null : new Date(now.getTime() + NOTIFY_BACKOFF_MS * 2 ** (attempts - 1)) };
}

/**
 * Alarm notices beside SMS: each new alarm goes to the channels of its department and the departments above it
 * whose severities include it, in each channel's language. Every delivery is logged; a failed one is logged with
 * its error, does not stop the others, and is retried with the same words by the scheduler's `notify.retry` job.
 */
export class NotifyService {
  private readonly channels = new BriefCache<number | null, NotifyChannelRow[]>(CHANNELS_TTL_MS);

  constructor(
    private readonly repo: NotifyRepository,
    private readonly mailer: MailSender,
    private readonly depts: Pick<DeptService, 'get'>,
    private readonly log: NotifyLog,
    private readonly timeZone: string,
  ) {}

  async list(p: Principal, deptId?: number): Promise<NotifyChannel[]> {
    return (await this.repo.list(p, deptId)).map(toChannel);
  }

  async add(p: Principal, body: NotifyChannelValues): Promise<NotifyChannel> {
    const dept = await this.dept(p, body.deptId);
    const row = await this.repo.insert({ ...body, deptId: dept.deptId });
    this.channels.forget();
    return toChannel({ channel: row, deptName: dept.deptName });
  }

  /** An empty secret keeps the stored one (the console never receives it back). */
  async update(p: Principal, channelId: number, body: NotifyChannelValues): Promise<NotifyChannel> {
    const current = await this.repo.findVisible(p, channelId);
    if (!current) throw missing(channelId);
    const dept = await this.dept(p, body.deptId ?? current.deptId);
    const row = await this.repo.update(channelId, { ...body, deptId: dept.deptId, secret: body.secret || current.secret });
    this.channels.forget();
    if (!row) throw missing(channelId);
    return toChannel({ channel: row, deptName: dept.deptName });
  }

  async remove(p: Principal, channelId: number): Promise<void> {
    if (!(await this.repo.findVisible(p, channelId)) || !(await this.repo.remove(channelId))) throw missing(channelId);
    this.channels.forget();
  }

  /** Sends a newly raised alarm to its channels; answers how many deliveries succeeded at once. */
  async notify(n: AlarmNotice, at = new Date()): Promise<number> {
    if (n.event !== 'raise') return 0;
    const channels = (await this.channels.get(n.deptId, (deptId) => this.repo.forDept(deptId))).filter((c) => c.severities.includes(n.severity));
    const words = channels.map((c) => alarmNoticeText(n, c.locale as Locale, at, this.timeZone));
    const errors = await Promise.all(channels.map((c, i) => this.send(c, words[i])));
    await this.repo.log(channels.map((c, i) => ({ channelId: c.channelId, alarmId: n.alarmId, kind: c.kind, ...outcome(errors[i], 1, at), words: words[i], createdAt: at })));
    errors.forEach((error, i) => error && this.log.error({ channelId: channels[i].channelId, alarmId: n.alarmId, error }, 'alarm notice failed'));
    return errors.filter((e) => !e).length;
  }

  /** Claims the deliveries due for another attempt, a batch at a time, and tries each (the `notify.retry` job); answers how many. */
  retryDue(now = new Date(), signal?: AbortSignal): Promise<number> {
    const claim = () => this.repo.due(now, new Date(now.getTime() + NOTIFY_LEASE_MS), NOTIFY_BATCH);
    return drainDue(claim, NOTIFY_BATCH, async ({ log, channel }) => {
      const attempts = log.attempts + 1;
      if (!channel?.enabled || !log.words) {
        return this.repo.settle(log.logId, { state: 'failed', attempts: log.attempts, nextAttemptAt: null, error: 'the channel was deleted or disabled' });
      }
      const error = await this.send(channel, log.words);
      await this.repo.settle(log.logId, outcome(error, attempts, now));
      if (error) this.log.error({ channelId: channel.channelId, alarmId: log.alarmId, attempts, error }, 'alarm notice failed again');
    }, signal);
  }

  /** One delivery; answers '' when sent, else the error. */
  private async send(c: NotifyChannelRow, words: Words): Promise<string> {
    try {
      if (c.kind === 'email') await this.mailer.send({ to: emailAddresses(c.target), subject: words.title, text: words.lines.join('\n') });
      else if (c.kind === 'wecom') await sendWecom(c.target, asRobotMessage(words));
      else if (c.kind === 'dingtalk') await sendDingtalk(c.target, c.secret, asRobotMessage(words));
      return '';
    } catch (err) {
      return String(err instanceof Error ? err.message : err) || 'failed';
    }
  }

  private async dept(p: Principal, deptId: number | undefined) {
    const id = deptId ?? p.deptId;
    if (id === null) throw badRequest(text('alarmSet.deptRequired'));
    return this.depts.get(p, id);
  }
}
