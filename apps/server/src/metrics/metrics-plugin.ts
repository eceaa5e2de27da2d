import fp from 'fastify-plugin';
import { notFound, unauthorized } from '../http/errors.js';
import type { Services } from '../services.js';
import { createAppMetrics, type AppMetrics } from './app-metrics.js';
import { bearerMatches } from './metrics-token.js';
import { publicRoute } from '../http/access.js';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/**
 * Times every request and serves GET /metrics on the API port to a scraper holding METRICS_TOKEN;
 * without the token configured the route answers 404 (METRICS_PORT serves it elsewhere, see metrics-server.ts).
 */
export const metricsPlugin = fp<{ services: Services }>(async (app, { services }) => {
  const metrics = createAppMetrics({ gateway: () => services.gateway, push: services.push, embeddedBroker: !services.config.MQTT_URL });
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (request, reply) => metrics.observeRequest(request, reply));

  const token = services.config.METRICS_TOKEN;
  // Public for the API's bearer hook: this route checks its own token, which is not a user's.
  app.get('/metrics', { config: publicRoute, schema: { hide: true } }, async (request, reply) => {
    if (!token) throw notFound();
    if (!bearerMatches(token, request.headers.authorization)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized();
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
});
