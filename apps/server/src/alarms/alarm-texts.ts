import { ALARM_KINDS } from '@sl/contracts';
import type { DomainEventBus } from '../events/domain-events.js';
import type { SmsService } from '../sms/sms-service.js';
import { seesEverything } from '../system/access/data-scope.js';
import type { Principal } from '../system/access/principal.js';
import type { AlarmSetRepository } from './alarm-set-repository.js';
import type { AlarmSettings } from './alarm-settings.js';
import type { AlarmNotice } from './alarm-workflow.js';

interface TextsLog {
  error(obj: object, msg: string): void;
}

/**
 * Texts each new alarm the gateway raises to the people of the settings in force for its terminal, each only when
 * their data scope covers the terminal (a disabled or deleted account gets nothing).
 */
export class AlarmTexts {
  constructor(
    private readonly settings: AlarmSettings,
    private readonly repo: Pick<AlarmSetRepository, 'covering'>,
    private readonly principals: { get(userId: number): Promise<Principal | undefined> },
    private readonly sms: SmsService,
    private readonly log: TextsLog,
  ) {}

  /** The user ids to text about an alarm of a terminal of `family` in `deptId`. */
  async recipients(family: string, deptId: number | null): Promise<number[]> {
    const { set } = await this.settings.rules(family, deptId);
    if (!set.smsUserIds.length) return [];
    const principals = (await Promise.all(set.smsUserIds.map((id) => this.principals.get(id)))).filter((p): p is Principal => !!p);
    if (deptId === null) return principals.filter(seesEverything).map((p) => p.userId);
    return this.repo.covering(principals, deptId);
  }

  async text(n: AlarmNotice): Promise<void> {
    if (n.event !== 'raise' || !n.family) return;
    const userIds = await this.recipients(n.family, n.deptId);
    if (!userIds.length) return;
    const kind = ALARM_KINDS.find((k) => k.kind === n.kind)?.name['zh-CN'] ?? n.kind;
    await this.sms.send(await this.sms.recipients(userIds), 'alarm', { alarmId: String(n.alarmId), terminal: n.terminalName, kind }, { alarmId: n.alarmId });
  }

  /** Texts the alarms `events` announces; returns the stop. */
  follow(events: DomainEventBus): () => void {
    const onAlarm = (n: AlarmNotice) => void this.text(n).catch((err: unknown) => this.log.error({ err, alarmId: n.alarmId }, 'alarm text failed'));
    return events.on('alarm.changed', onAlarm);
  }
}
