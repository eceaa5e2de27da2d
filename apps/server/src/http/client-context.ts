import type { FastifyRequest } from 'fastify';
import type { ClientContext } from '../auth/auth-service.js';

export const clientContext = (request: FastifyRequest): ClientContext => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});
