import type { Db } from '../db/client.js';
import type { CommandSender } from '../gateway/ports.js';
import type { DeviceLogService } from '../devices/logs/device-log-service.js';
import { registerPolicyDataKind } from '../policy-data/policy-data-registry.js';
import { holds } from '../system/access/principal.js';
import { CONTROL_PERMISSION } from '@sl/contracts';
import { DeptCheck } from './dept-check.js';
import { DownloadService } from './download/download-service.js';
import { ControlTaskService } from './download/task-service.js';
import { EmergencyRepository } from './plan/emergency-repository.js';
import { EmergencyService } from './plan/emergency-service.js';
import { PlanRepository } from './plan/plan-repository.js';
import { PlanService } from './plan/plan-service.js';
import { PolicyRepository } from './policy/policy-repository.js';
import { PolicyService } from './policy/policy-service.js';
import { TemplateRepository } from './policy/template-repository.js';
import { TemplateService } from './policy/template-service.js';
import { QueryRepository } from './query/query-repository.js';
import { SetRepository } from './sets/set-repository.js';
import { SetService } from './sets/set-service.js';
import { TargetResolver } from './targets.js';

/** The control domain wired once per app; `logs` is where a terminal's lost program is written (its timing log). */
export function createControlServices(db: Db, commands: () => CommandSender | undefined, commandTtlMs: number, logs: Pick<DeviceLogService, 'write'>) {
  const policyRepo = new PolicyRepository(db);
  const templateRepo = new TemplateRepository(db);
  const targets = new TargetResolver(db);
  const downloads = new DownloadService(db, commands, logs, commandTtlMs);
  const policies = new PolicyService(policyRepo, templateRepo, new DeptCheck(db));
  // Strategy changes reach terminals at the next reconcile; kick one now, without holding the request.
  const changed = (terminalIds?: number[]) => void downloads.reconcile(new Date(), terminalIds).catch(() => undefined);
  registerPolicyDataKind({
    kind: 'policy',
    get: async (id, caller) => (holds(caller, CONTROL_PERMISSION.policy.query) ? policies.find(caller, id) : null),
    remove: async (id, caller) => {
      if (!holds(caller, CONTROL_PERMISSION.policy.remove) || !(await policies.find(caller, id))) return false;
      await policies.remove(caller, [id]);
      return true;
    },
  });
  return {
    policies,
    templates: new TemplateService(templateRepo),
    plans: new PlanService(new PlanRepository(db), policyRepo, targets, downloads),
    emergencies: new EmergencyService(new EmergencyRepository(db), targets, downloads),
    sets: new SetService(new SetRepository(db), policyRepo, changed),
    query: new QueryRepository(db),
    tasks: new ControlTaskService(downloads),
    downloads,
  };
}

export type ControlServices = ReturnType<typeof createControlServices>;
