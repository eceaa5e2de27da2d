import { LEAFLET_PERMISSION } from '@sl/contracts';
import { DeptCheck } from '../control/dept-check.js';
import { TargetResolver } from '../control/targets.js';
import { registerPolicyDataKind } from '../policy-data/policy-data-registry.js';
import type { Services } from '../services.js';
import { smsDomain } from '../sms/sms-domain.js';
import { holds } from '../system/access/principal.js';
import { LeafletRepository } from './leaflet-repository.js';
import { LeafletService } from './leaflet-service.js';

const domains = new WeakMap<Services, LeafletService>();

/**
 * The leaflet service of one app, built once; it also serves leaflet ids on the shared
 * `/policy/getData` (query permission, or a receiver of it) and `/policy/delData` (remove permission).
 */
export function leafletDomain(services: Services): LeafletService {
  let leaflets = domains.get(services);
  if (!leaflets) {
    const db = services.db;
    const service = new LeafletService(new LeafletRepository(db), new TargetResolver(db), new DeptCheck(db), () => smsDomain(services));
    registerPolicyDataKind({
      kind: 'leaflet',
      get: async (id, caller) => (holds(caller, LEAFLET_PERMISSION.query) ? service.find(caller, id) : null),
      remove: async (id, caller) => holds(caller, LEAFLET_PERMISSION.remove) && service.remove(caller, id),
    });
    domains.set(services, service);
    leaflets = service;
  }
  return leaflets;
}
