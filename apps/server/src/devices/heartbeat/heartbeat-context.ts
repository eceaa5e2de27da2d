import type { Services } from '../../services.js';
import { DeviceLogRepository } from '../logs/device-log-repository.js';
import { settingsContext } from '../settings/settings-context.js';
import { HeartbeatRepository } from './heartbeat-repository.js';
import { HeartbeatService } from './heartbeat-service.js';

const built = new WeakMap<Services, HeartbeatService>();

export function heartbeatService(services: Services): HeartbeatService {
  let service = built.get(services);
  if (!service) {
    service = new HeartbeatService(new HeartbeatRepository(services.db), settingsContext(services).commands, new DeviceLogRepository(services.db));
    built.set(services, service);
  }
  return service;
}
