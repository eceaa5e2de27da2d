import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';
import { noticeRoutes } from './notice/notice-routes.js';

/** Route registrars of the energy domain. */
export const ENERGY_ROUTES: Array<(app: FastifyInstance, services: Services) => void> = [noticeRoutes];
