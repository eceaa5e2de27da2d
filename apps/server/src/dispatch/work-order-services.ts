import type { Services } from '../services.js';
import { WorkOrderRepository } from './work-order-repository.js';
import { WorkOrderService } from './work-order-service.js';

/** The work-order service over the app's services, for domains that open orders (assets: planned maintenance rounds). */
export function workOrderServiceFor(services: Services): WorkOrderService {
  const { workflow, reads } = services.alarmDomain;
  return new WorkOrderService(new WorkOrderRepository(services.db), reads, workflow, services.sms, services.files);
}
