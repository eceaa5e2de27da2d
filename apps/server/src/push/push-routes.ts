import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noticeChannelParams, pushChannelParams, pushQuery } from '@sl/contracts';
import type { Services } from '../services.js';
import { authorizePush, type PushGrant } from './push-auth.js';
import { attachSocket } from './push-socket.js';
import { publicRoute as config } from '../http/access.js';

const tags = ['push'];
// Public for the API's bearer hook: the browser cannot set headers on a WebSocket, so the token comes in ?token=.

/** The push connections of spec §7; a bad token is refused with 401 before the upgrade. */
export function pushRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const hub = services.push;
  hub.start().catch((err: unknown) => app.log.error({ err }, 'push bus subscription failed'));
  app.addHook('onClose', async () => {
    await hub.close();
  });

  const grants = new WeakMap<FastifyRequest, PushGrant>();
  const grantOf = (request: FastifyRequest) => grants.get(request)!;

  api.get(
    '/api/v1/ws/:name/:uniqueId/:userId',
    {
      websocket: true, config,
      schema: { tags, summary: 'WebSocket push channel msg, alarm, 50rdcsm or map of the token user', params: pushChannelParams, querystring: pushQuery },
      preHandler: async (request) => {
        grants.set(request, await authorizePush(services, request.query.token, request.params));
      },
    },
    (socket, request) => attachSocket(services, socket, request.params.name, grantOf(request)),
  );
  api.get(
    '/api/v1/ws/notice/:uniqueId',
    {
      websocket: true, config,
      schema: { tags, summary: 'WebSocket push channel of energy notices for the token user', params: noticeChannelParams, querystring: pushQuery },
      preHandler: async (request) => {
        grants.set(request, await authorizePush(services, request.query.token, request.params));
      },
    },
    (socket, request) => attachSocket(services, socket, 'notice', grantOf(request)),
  );
}
