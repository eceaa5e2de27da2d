import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';
import { configRoutes } from './config/config-routes.js';
import { dictDataRoutes } from './dict/dict-data-routes.js';
import { dictTypeRoutes } from './dict/dict-type-routes.js';
import { enterpriseRoutes } from './enterprise/enterprise-routes.js';
import { logRoutes } from './log/log-routes.js';
import { wxRoutes } from './wx/wx-routes.js';

/** Route registrars of the administration domains built beside users, roles, menus and departments. */
export const ADMIN_ROUTES: Array<(app: FastifyInstance, services: Services) => void> = [
  enterpriseRoutes,
  dictTypeRoutes,
  dictDataRoutes,
  configRoutes,
  logRoutes,
  wxRoutes,
];
