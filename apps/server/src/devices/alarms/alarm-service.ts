import { ALARM_BELL_LATEST, type Alarm, type AlarmCounter, type AlarmQuery, type PageResult } from '@sl/contracts';
import { notFound } from '../../http/errors.js';
import type { Principal } from '../../system/access/principal.js';
import { withIsoDates } from '../logs/records.js';
import type { AlarmRepository } from './alarm-repository.js';

type AlarmRow = NonNullable<Awaited<ReturnType<AlarmRepository['find']>>>;
const toAlarm = (row: AlarmRow): Alarm => withIsoDates(row);
const missing = (ids: number[]) => notFound(`Alarm ${ids.join(', ')} ${ids.length > 1 ? 'do' : 'does'} not exist or is outside your data scope`);

/** The alarm list and each user's read state: the console's bell counts what the caller has not read. */
export class AlarmService {
  constructor(private readonly repo: AlarmRepository) {}

  async page(p: Principal, q: AlarmQuery): Promise<PageResult<Alarm>> {
    const page = await this.repo.page(p, q);
    return { ...page, list: page.list.map(toAlarm) };
  }

  async get(p: Principal, alarmId: number): Promise<Alarm> {
    const row = await this.repo.find(p, alarmId);
    if (!row) throw missing([alarmId]);
    return toAlarm(row);
  }

  /** All or nothing: one id outside the scope marks none. */
  async markRead(p: Principal, alarmIds: number[]): Promise<{ marked: number }> {
    const ids = [...new Set(alarmIds)];
    const visible = new Set(await this.repo.visible(p, ids));
    const absent = ids.filter((id) => !visible.has(id));
    if (absent.length) throw missing(absent);
    await this.repo.markRead(p.userId, ids);
    return { marked: ids.length };
  }

  async markAllRead(p: Principal): Promise<{ marked: number }> {
    return { marked: await this.repo.markAllRead(p) };
  }

  async counter(p: Principal): Promise<AlarmCounter> {
    const [unread, latest] = await Promise.all([this.repo.unreadCount(p), this.repo.latestUnread(p, ALARM_BELL_LATEST)]);
    return { unread, latest: latest.map(toAlarm) };
  }
}
