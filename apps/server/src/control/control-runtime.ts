import type { Db } from '../db/client.js';
import type { GatewayLog } from '../gateway/device-transport.js';
import type { GatewayHandle, PresenceNotice, TaskNotice } from '../gateway/ports.js';
import type { ScheduledJob } from '../scheduler/scheduled-job.js';
import type { Scheduler } from '../scheduler/scheduler.js';
import type { ControlServices } from './control-services.js';
import { verificationAlarms } from './verify/raise-alarm.js';
import { verifyTerminals } from './verify/verification.js';

/** The control jobs: bring terminals to their programs, resend, close expired overrides, verify. */
export function controlJobs(db: Db, control: ControlServices, gateway: GatewayHandle): ScheduledJob[] {
  const alarms = verificationAlarms(gateway.core.alarms);
  return [
    // State-based: a plan that began or ended, or a zone that changed its offset, while the server was down is bound on the first run.
    { name: 'control.reconcile', everyMs: 60_000, run: async ({ now }) => void (await control.downloads.reconcile(now)) },
    { name: 'control.resend', everyMs: 60_000, run: async () => void (await control.downloads.resend()) },
    {
      name: 'control.override-expiry',
      everyMs: 60_000,
      // Everything that expired since the last run, however long ago that was.
      run: async ({ now, lastRunAt }) => void (await control.downloads.tasks.expireOverrides(now, lastRunAt ?? new Date(0))),
    },
    { name: 'control.verify', everyMs: 5 * 60_000, run: async ({ now }) => void (await verifyTerminals(db, alarms, now)) },
  ];
}

/** Hooks downloads to the gateway: replies settle tasks, a terminal coming back gets what it missed. */
export function followGateway(control: ControlServices, gateway: GatewayHandle, log: GatewayLog): void {
  gateway.events.on('task.settled', (n: TaskNotice) => {
    control.downloads.settled(n).catch((err: unknown) => log.error({ err, taskId: n.taskId }, 'could not record a download outcome'));
  });
  gateway.events.on('terminal.presence', (n: PresenceNotice) => {
    if (n.state !== 1) return;
    control.downloads.resend(n.terminalId).catch((err: unknown) => log.error({ err, terminalId: n.terminalId }, 'could not resend downloads'));
  });
}

/** Starts control on a running server: gateway hooks and the scheduled jobs. */
export function startControl(scheduler: Scheduler, db: Db, control: ControlServices, gateway: GatewayHandle, log: GatewayLog): void {
  followGateway(control, gateway, log);
  for (const job of controlJobs(db, control, gateway)) scheduler.register(job);
}
