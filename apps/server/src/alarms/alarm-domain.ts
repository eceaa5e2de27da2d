import type { Services } from '../services.js';
import { publishAlarm } from './alarm-pushes.js';
import { AlarmRepository } from './alarm-repository.js';
import { AlarmService } from './alarm-service.js';
import { alarmSettingsFor } from './alarm-settings.js';
import { AlarmWorkflow } from './alarm-workflow.js';
import { AlarmWriteRepository } from './alarm-write-repository.js';

export interface AlarmDomain {
  workflow: AlarmWorkflow;
  alarms: AlarmService;
  reads: AlarmRepository;
}

const domains = new WeakMap<Services, AlarmDomain>();

/** The alarm domain of one app, built once: the routes of alarms and dispatch share its workflow. */
export function alarmDomain(services: Services): AlarmDomain {
  let d = domains.get(services);
  if (!d) {
    const workflow = new AlarmWorkflow(new AlarmWriteRepository(services.db), (n) => publishAlarm(services, n), services.push.log, alarmSettingsFor(services.db));
    const reads = new AlarmRepository(services.db);
    d = { workflow, reads, alarms: new AlarmService(reads, workflow, services.db) };
    domains.set(services, d);
  }
  return d;
}
