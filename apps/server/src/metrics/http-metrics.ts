import { Histogram, type Registry } from 'prom-client';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Requests that matched no route share one label: a raw URL may carry ids or tokens, and has no bound. */
export const UNMATCHED_ROUTE = 'unmatched';

/** HTTP latency by method, route pattern (e.g. /api/v1/sysUser/:userId) and status code. */
export function registerHttpMetrics(registry: Registry) {
  const duration = new Histogram({
    name: 'sl_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    duration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  };
}
