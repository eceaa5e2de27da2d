import { PushSender, type AlarmPush, type AlarmPushItem, type PushMessage } from '@sl/contracts';
import { canSee } from '../push/can-see.js';
import type { Services } from '../services.js';
import { AlarmPushCoalescer, type HeldAlarm } from './alarm-push-coalescer.js';
import { AlarmRepository } from './alarm-repository.js';
import type { AlarmNotice } from './alarm-workflow.js';
import { alarmEvent } from '../open/webhooks/webhook-domain.js';

/** A coalesced push lists at most this many alarms; `coalesced` counts them all. */
export const ALARM_PUSH_MAX_ITEMS = 20;

const toItem = (n: AlarmNotice): AlarmPushItem => ({
  sortId: n.alarmId, terminalName: n.terminalName, alarmMsg: n.message, sendUserId: PushSender.system, status: n.status, event: n.event, severity: n.severity,
});

export const alarmPush = (n: AlarmNotice): AlarmPush => ({ code: 200, alarmCount: 0, data: [toItem(n)] });

/** A window's held alarms on the bus, each with its department so every instance can show it only to who may see it. */
interface HeldPush extends PushMessage {
  held: Array<HeldAlarm & { deptPath: string | null }>;
}

/** Pushes alarm changes on the `alarm` channel to the users whose scope includes their department, coalesced in storms. */
function alarmPublisher(services: Services, repo: AlarmRepository) {
  const fail = (err: unknown) => services.push.log.error({ err }, 'alarm push failed');
  const coalescer = new AlarmPushCoalescer(
    {
      single: (notice) => void services.push.publish('alarm', alarmPush(notice), { deptId: notice.deptId }).catch(fail),
      batch: (held) =>
        void repo
          .deptPaths([...new Set(held.map((h) => h.deptId).filter((d): d is number => d !== null))])
          .then((paths) => services.push.publish('alarm', { code: 200, held: held.map((h) => ({ ...h, deptPath: h.deptId === null ? null : (paths.get(h.deptId) ?? null) })) } satisfies HeldPush, 'everyone'))
          .catch(fail),
    },
    toItem,
  );
  return {
    publish: (n: AlarmNotice) => {
      services.webhooks.enqueue(alarmEvent(n));
      // A recovery (the device's or the verification's) of an alarm nobody must act on any more is not worth a push.
      if (n.event === 'deviceCleared' || n.event === 'verificationCleared') return;
      coalescer.add(n);
    },
    close: () => coalescer.close(),
  };
}

/**
 * Registers the alarm channel's shaper (each viewer's own count of open alarms; of a coalesced push, only
 * the alarms the viewer may see) and pushes every `alarm.changed`. Returns the unsubscribe function.
 */
export function startAlarmPushes(services: Services): () => void {
  const repo = new AlarmRepository(services.db);
  services.push.shape('alarm', async (viewer, message) => {
    const held = (message as Partial<HeldPush>).held;
    if (!held) return { ...message, alarmCount: await repo.openCount(viewer.principal) };
    const visible = held.filter((h) => canSee(viewer, h.deptId, h.deptPath)).map((h) => h.item);
    if (!visible.length) return null;
    const push: AlarmPush = { code: 200, alarmCount: await repo.openCount(viewer.principal), data: visible.slice(-ALARM_PUSH_MAX_ITEMS), coalesced: visible.length };
    return push;
  });
  const publisher = alarmPublisher(services, repo);
  const unfollow = services.events.on('alarm.changed', (n) => {
    try {
      publisher.publish(n);
    } catch (err) {
      services.push.log.error({ err, alarmId: n.alarmId }, 'an alarm listener failed');
    }
  });
  return () => {
    unfollow();
    publisher.close();
  };
}
