import type { Db } from '../db/client.js';
import type { DomainCore } from '../domain-core.js';
import { AlarmRepository } from './alarm-repository.js';
import { AlarmService } from './alarm-service.js';
import type { AlarmWorkflow } from './alarm-workflow.js';

export interface AlarmDomain {
  workflow: AlarmWorkflow;
  alarms: AlarmService;
  reads: AlarmRepository;
}

/** The alarm domain of one app, built once by the root: alarms, dispatch and citizen reports share the core's workflow. */
export function createAlarmDomain(db: Db, core: DomainCore): AlarmDomain {
  const reads = new AlarmRepository(db);
  return { workflow: core.alarms, reads, alarms: new AlarmService(reads, core.alarms, db) };
}
