import { PushSender, type AlarmPush } from '@sl/contracts';
import { AlarmRepository } from '../devices/alarms/alarm-repository.js';
import type { AlarmNotice } from '../gateway/ports.js';
import type { Services } from '../services.js';

export const alarmPush = (n: AlarmNotice): AlarmPush => ({
  code: 200,
  alarmCount: 0,
  data: [{ sortId: n.alarmId, terminalName: n.terminalName, alarmMsg: n.message, sendUserId: PushSender.system }],
});

/**
 * Pushes every raised alarm on the `alarm` channel to the users whose scope includes its department.
 * Each instance shapes the count for its own sockets; only instances with a gateway raise pushes.
 * Returns the unsubscribe function.
 */
export function startAlarmPushes(services: Services): () => void {
  const repo = new AlarmRepository(services.db);
  services.push.shape('alarm', async (viewer, message) => ({ ...message, alarmCount: await repo.unreadCount(viewer.principal) }));
  const events = services.gateway?.events;
  if (!events) return () => undefined;
  const onAlarm = (n: AlarmNotice) => {
    if (n.cleared) return;
    services.push.publish('alarm', alarmPush(n), { deptId: n.deptId }).catch((err: unknown) => services.push.log.error({ err, alarmId: n.alarmId }, 'alarm push failed'));
  };
  events.on('alarm', onAlarm);
  return () => events.off('alarm', onAlarm);
}
