import { LEAFLET_PERMISSION } from '@sl/contracts';
import { DeptCheck } from '../control/dept-check.js';
import { TargetResolver } from '../control/targets.js';
import type { Db } from '../db/client.js';
import { registerPolicyDataKind } from '../policy-data/policy-data-registry.js';
import type { SmsService } from '../sms/sms-service.js';
import { holds } from '../system/access/principal.js';
import { LeafletRepository } from './leaflet-repository.js';
import { LeafletService } from './leaflet-service.js';

/**
 * The leaflet service of one app, built once by the root; it also serves leaflet ids on the shared
 * `/policy/getData` (query permission, or a receiver of it) and `/policy/delData` (remove permission).
 */
export function createLeafletService(db: Db, sms: () => SmsService): LeafletService {
  const service = new LeafletService(new LeafletRepository(db), new TargetResolver(db), new DeptCheck(db), sms);
  registerPolicyDataKind({
    kind: 'leaflet',
    get: async (id, caller) => (holds(caller, LEAFLET_PERMISSION.query) ? service.find(caller, id) : null),
    remove: async (id, caller) => holds(caller, LEAFLET_PERMISSION.remove) && service.remove(caller, id),
  });
  return service;
}
