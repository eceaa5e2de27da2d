import type { Db } from '../../db/client.js';
import type { DomainEventBus } from '../../events/domain-events.js';
import type { PushHub } from '../../push/push-hub.js';
import { DeviceLogRepository } from '../logs/device-log-repository.js';
import type { SettingsContext } from '../settings/settings-context.js';
import { HeartbeatRepository } from './heartbeat-repository.js';
import { HeartbeatRun } from './heartbeat-run.js';
import { HeartbeatService } from './heartbeat-service.js';

export interface HeartbeatDeps {
  db: Db;
  rollupTimeZone: string;
  settings: SettingsContext;
  push: PushHub;
  /** Read when a run starts: a gateway attached after start-up (tests) is used. */
  gatewayRunning: () => boolean;
  events: () => DomainEventBus | undefined;
}

/** The heartbeat service and the app's one heartbeat run of all terminals, built once by the root. */
export function createHeartbeats(d: HeartbeatDeps) {
  const service = new HeartbeatService(new HeartbeatRepository(d.db, d.rollupTimeZone), d.settings.commands, new DeviceLogRepository(d.db));
  const run = new HeartbeatRun(service, {
    gatewayRunning: d.gatewayRunning,
    events: d.events,
    push: (userId, message) => d.push.publish('msg', message, [userId]),
    log: d.push.log,
  });
  return { service, run };
}
