import type { Services } from '../services.js';
import type { WorkOrderService } from './work-order-service.js';

/** The app's one work-order service (built by the root), for domains that open orders (assets: planned maintenance rounds). */
export function workOrderServiceFor(services: Services): WorkOrderService {
  return services.workOrders;
}
