import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiClientAddBody, apiClientUpdateBody, id, webhookAddBody, webhookDeliveryQuery } from '@sl/contracts';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';

const tags = ['open API: clients and webhooks'];
const params = z.object({ id: id('id') });

/** The console's side of the open API: API clients, their webhook subscriptions and the delivery log. */
export function apiClientRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { open: { clients }, webhooks } = services;

  api.get('/api/v1/open/clients', { config: { permission: 'system:apiclient:query' }, schema: { tags, summary: 'API clients (secrets are never shown again)' } }, async (request) =>
    ok(request, await clients.list()),
  );
  api.post('/api/v1/open/clients', { config: { permission: 'system:apiclient:add' }, schema: { tags, summary: 'Create an API client; its secret is in this answer only', body: apiClientAddBody } }, async (request) =>
    ok(request, await clients.create(await request.principal(), request.body), 'API client created'),
  );
  api.put('/api/v1/open/clients', { config: { permission: 'system:apiclient:edit' }, schema: { tags, summary: 'Change an API client (name, department, scopes, rate limit, enabled); its tokens are revoked', body: apiClientUpdateBody } }, async (request) => {
    const client = await clients.update(await request.principal(), request.body);
    webhooks.forget();
    return ok(request, client, 'API client changed');
  });
  api.post('/api/v1/open/clients/:id/secret', { config: { permission: 'system:apiclient:edit' }, schema: { tags, summary: 'Issue a new secret (shown once); the old one and its tokens stop working', params } }, async (request) =>
    ok(request, await clients.resetSecret(request.params.id), 'secret issued'),
  );
  api.delete('/api/v1/open/clients/:id', { config: { permission: 'system:apiclient:remove' }, schema: { tags, summary: 'Delete an API client with its tokens, webhooks and delivery log', params } }, async (request) => {
    await clients.remove(request.params.id);
    webhooks.forget();
    return ok(request, null, 'API client deleted');
  });
  api.get('/api/v1/open/clients/:id/webhooks', { config: { permission: 'system:apiclient:query' }, schema: { tags, summary: "A client's webhook subscriptions", params } }, async (request) =>
    ok(request, await webhooks.subscriptions(request.params.id)),
  );
  api.post('/api/v1/open/webhooks', { config: { permission: 'system:apiclient:edit' }, schema: { tags, summary: 'Subscribe a client to events at a URL; the signing secret is in this answer only', body: webhookAddBody } }, async (request) =>
    ok(request, await webhooks.subscribe(request.body), 'webhook created'),
  );
  api.delete('/api/v1/open/webhooks/:id', { config: { permission: 'system:apiclient:edit' }, schema: { tags, summary: 'Delete a webhook subscription and its deliveries', params } }, async (request) => {
    await webhooks.unsubscribe(request.params.id);
    return ok(request, null, 'webhook deleted');
  });
  api.get('/api/v1/open/webhooks/deliveries', { config: { permission: 'system:webhooklog:query' }, schema: { tags, summary: 'Webhook deliveries, newest first, with their attempts and last answer', querystring: webhookDeliveryQuery } }, async (request) =>
    ok(request, await webhooks.deliveries(request.query)),
  );
}
