import { and, eq } from 'drizzle-orm';
import { ALARM_BELL_LATEST, severityOf, type Alarm, type AlarmCounter, type AlarmDetail, type AlarmQuery, type Locale, type PageResult } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { terminals } from '../db/schema/index.js';
import { badRequest, notFound, text } from '../http/errors.js';
import { dataScopeFilter } from '../system/access/data-scope.js';
import type { Principal } from '../system/access/principal.js';
import { withIsoDates } from '../devices/logs/records.js';
import type { AlarmRepository } from './alarm-repository.js';
import type { AlarmWorkflow } from './alarm-workflow.js';
import { wordedAlarm } from './alarm-wording.js';

type AlarmRow = NonNullable<Awaited<ReturnType<AlarmRepository['find']>>>;
/** The row as the reader sees it: its description in the reader's language (generated ones; manual text as written). */
const toAlarm = (row: AlarmRow, locale: Locale): Alarm => ({ ...withIsoDates(wordedAlarm(row, locale)), severity: row.severity ?? severityOf(row.kind) });
export const alarmsMissing = (ids: number[]) => notFound(text('alarm.notFound', { ids: ids.join(', ') }));

/** The alarm list, detail, manual entry and each user's read state: the console's bell counts what the caller has not read. */
export class AlarmService {
  constructor(
    private readonly repo: AlarmRepository,
    private readonly workflow: AlarmWorkflow,
    private readonly db: Db,
  ) {}

  async page(p: Principal, q: AlarmQuery, locale: Locale = 'en-US'): Promise<PageResult<Alarm>> {
    const page = await this.repo.page(p, q);
    return { ...page, list: page.list.map((row) => toAlarm(row, locale)) };
  }

  async get(p: Principal, alarmId: number, locale: Locale = 'en-US'): Promise<AlarmDetail> {
    const row = await this.repo.find(p, alarmId);
    if (!row) throw alarmsMissing([alarmId]);
    const [place, reading] = await Promise.all([this.repo.place(row.terminalId), this.repo.readingAt(row.terminalId, row.raisedAt)]);
    const { name: _, ...where } = place;
    return { ...toAlarm(row, locale), ...where, reading: reading ? withIsoDates(reading) : null };
  }

  /** A manually entered alarm on a terminal in scope: status 1, logged with the user. */
  async add(p: Principal, body: { terminalId: number; kind: string; loop: number | null; message: string }, locale: Locale = 'en-US'): Promise<Alarm> {
    const [t] = await this.db
      .select({ terminalId: terminals.terminalId, name: terminals.name, deptId: terminals.deptId })
      .from(terminals)
      .where(and(eq(terminals.terminalId, body.terminalId), dataScopeFilter(p, { dept: terminals.deptId })));
    if (!t) throw notFound(text('alarm.terminalNotFound', { terminalId: body.terminalId }));
    const row = await this.workflow.raise(t, body.kind, { loop: body.loop, text: body.message }, new Date(), { userId: p.userId, name: p.username });
    if (!row) throw badRequest(text('alarm.alreadyOpen'));
    return this.get(p, row.alarmId, locale);
  }

  async describe(p: Principal, alarmId: number, message: string, locale: Locale = 'en-US'): Promise<AlarmDetail> {
    if (!(await this.repo.visible(p, [alarmId])).length) throw alarmsMissing([alarmId]);
    await this.repo.describe(alarmId, message);
    return this.get(p, alarmId, locale);
  }

  /** All or nothing: one id outside the scope marks none. */
  async markRead(p: Principal, alarmIds: number[]): Promise<{ marked: number }> {
    const ids = [...new Set(alarmIds)];
    const visible = new Set(await this.repo.visible(p, ids));
    const absent = ids.filter((id) => !visible.has(id));
    if (absent.length) throw alarmsMissing(absent);
    await this.repo.markRead(p.userId, ids);
    return { marked: ids.length };
  }

  async markAllRead(p: Principal): Promise<{ marked: number }> {
    return { marked: await this.repo.markAllRead(p) };
  }

  async counter(p: Principal, locale: Locale = 'en-US'): Promise<AlarmCounter> {
    const [openByKind, unread, latest] = await Promise.all([this.repo.openByKind(p), this.repo.unreadCount(p), this.repo.latestUnread(p, ALARM_BELL_LATEST)]);
    return { open: openByKind.reduce((n, k) => n + k.count, 0), openByKind, unread, latest: latest.map((row) => toAlarm(row, locale)) };
  }
}
