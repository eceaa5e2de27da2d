import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';

/** Route registrars of the device domains: terminals, heartbeats, logs, settings and commands, alarms. */
export const DEVICE_ROUTES: Array<(app: FastifyInstance, services: Services) => void> = [];
