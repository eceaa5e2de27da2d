import type { Services } from '../../services.js';
import { DeviceLogRepository } from '../logs/device-log-repository.js';
import { settingsContext } from '../settings/settings-context.js';
import { HeartbeatRepository } from './heartbeat-repository.js';
import { HeartbeatRun } from './heartbeat-run.js';
import { HeartbeatService } from './heartbeat-service.js';

const built = new WeakMap<Services, HeartbeatService>();

export function heartbeatService(services: Services): HeartbeatService {
  let service = built.get(services);
  if (!service) {
    service = new HeartbeatService(new HeartbeatRepository(services.db, services.config.ROLLUP_TIME_ZONE), settingsContext(services).commands, new DeviceLogRepository(services.db));
    built.set(services, service);
  }
  return service;
}

const runs = new WeakMap<Services, HeartbeatRun>();

/** The app's one heartbeat run of all terminals. */
export function heartbeatRun(services: Services): HeartbeatRun {
  let run = runs.get(services);
  if (!run) {
    run = new HeartbeatRun(heartbeatService(services), {
      gatewayRunning: () => !!services.gateway?.commands,
      events: () => services.gateway?.events,
      push: (userId, message) => services.push.publish('msg', message, [userId]),
      log: services.push.log,
    });
    runs.set(services, run);
  }
  return run;
}
