import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';
import { smsRoutes } from '../sms/sms-routes.js';
import { leafletRoutes } from './leaflet-routes.js';
import { workOrderRoutes } from './work-order-routes.js';

/** Route registrars of the dispatch domain: work orders, SMS, leaflets. */
export const DISPATCH_ROUTES: Array<(app: FastifyInstance, services: Services) => void> = [workOrderRoutes, smsRoutes, leafletRoutes];
