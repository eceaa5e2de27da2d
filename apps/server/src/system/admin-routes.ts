import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';

/** Route registrars of the administration domains built beside users, roles, menus and departments. */
export const ADMIN_ROUTES: Array<(app: FastifyInstance, services: Services) => void> = [];
