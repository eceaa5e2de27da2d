import { emailAddresses, type Locale, type NotifyChannel, type NotifyChannelValues } from '@sl/contracts';
import type { AlarmNotice } from '../alarms/alarm-workflow.js';
import { badRequest, notFound, text } from '../http/errors.js';
import type { Principal } from '../system/access/principal.js';
import type { DeptService } from '../system/dept/dept-service.js';
import { alarmNoticeText, asRobotMessage } from './alarm-notice-text.js';
import type { NotifyChannelRow, NotifyRepository } from './notify-repository.js';
import { sendDingtalk, sendWecom } from './robot-senders.js';

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

/**
 * Alarm notices beside SMS: each new alarm goes to the channels of its department and the departments above it
 * whose severities include it, in each channel's language. Every delivery is logged; a failed one is logged with
 * its error and does not stop the others.
 */
export class NotifyService {
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
    return toChannel({ channel: row, deptName: dept.deptName });
  }

  /** An empty secret keeps the stored one (the console never receives it back). */
  async update(p: Principal, channelId: number, body: NotifyChannelValues): Promise<NotifyChannel> {
    const current = await this.repo.findVisible(p, channelId);
    if (!current) throw missing(channelId);
    const dept = await this.dept(p, body.deptId ?? current.deptId);
    const row = await this.repo.update(channelId, { ...body, deptId: dept.deptId, secret: body.secret || current.secret });
    if (!row) throw missing(channelId);
    return toChannel({ channel: row, deptName: dept.deptName });
  }

  async remove(p: Principal, channelId: number): Promise<void> {
    if (!(await this.repo.findVisible(p, channelId)) || !(await this.repo.remove(channelId))) throw missing(channelId);
  }

  /** Sends a newly raised alarm to its channels; answers how many deliveries succeeded. */
  async notify(n: AlarmNotice, at = new Date()): Promise<number> {
    if (n.event !== 'raise') return 0;
    const channels = (await this.repo.forDept(n.deptId)).filter((c) => c.severities.includes(n.severity));
    const results = await Promise.all(channels.map((c) => this.deliver(c, n, at).then(() => '', (err: unknown) => String(err instanceof Error ? err.message : err))));
    await this.repo.log(channels.map((c, i) => ({ channelId: c.channelId, alarmId: n.alarmId, kind: c.kind, state: results[i] ? 'failed' : 'sent', error: results[i].slice(0, 255), createdAt: at })));
    results.forEach((error, i) => error && this.log.error({ channelId: channels[i].channelId, alarmId: n.alarmId, error }, 'alarm notice failed'));
    return results.filter((e) => !e).length;
  }

  private async deliver(c: NotifyChannelRow, n: AlarmNotice, at: Date): Promise<void> {
    const words = alarmNoticeText(n, c.locale as Locale, at, this.timeZone);
    if (c.kind === 'email') {
      await this.mailer.send({ to: emailAddresses(c.target), subject: words.title, text: words.lines.join('\n') });
    } else if (c.kind === 'wecom') {
      await sendWecom(c.target, asRobotMessage(words));
    } else if (c.kind === 'dingtalk') {
      await sendDingtalk(c.target, c.secret, asRobotMessage(words));
    }
  }

  private async dept(p: Principal, deptId: number | undefined) {
    const id = deptId ?? p.deptId;
    if (id === null) throw badRequest(text('alarmSet.deptRequired'));
    return this.depts.get(p, id);
  }
}
