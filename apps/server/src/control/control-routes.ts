import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';
import { policyDataRoutes } from '../policy-data/policy-data-routes.js';
import { planRoutes } from './plan/plan-routes.js';
import { policyRoutes } from './policy/policy-routes.js';
import { queryRoutes } from './query/query-routes.js';
import { setRoutes } from './sets/set-routes.js';

/** Route registrars of the control domain (控制策略 and 计划管理). */
export const CONTROL_ROUTES: Array<(app: FastifyInstance, services: Services) => void> = [policyRoutes, planRoutes, setRoutes, queryRoutes, policyDataRoutes];
