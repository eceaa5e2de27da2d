import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { wxBindBody, wxCodeBody, wxOauthBody } from '@sl/contracts';
import { clientContext } from '../../http/client-context.js';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { standinRoutes } from './standin-routes.js';
import { publicRoute } from '../../http/access.js';

const tags = ['auth: QR sign-in'];
const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export function wxRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { service: wx, standin } = services.wx;

  api.get('/api/wx/pc/qrcode', { config: publicRoute, schema: { tags, summary: 'A state and the page a QR code should open' } }, async (request) =>
    ok(request, await wx.qrcode(origin(request))),
  );
  api.post('/api/wx/pc/accesstoken/code', { config: publicRoute, schema: { tags, summary: "Exchange the app's one-time code", body: wxCodeBody } }, async (request) =>
    ok(request, await wx.exchange(request.body)),
  );
  api.post('/api/wx/pc/login/oauth', { config: publicRoute, schema: { tags, summary: 'Sign in with a bound open id', body: wxOauthBody } }, async (request) =>
    ok(request, await wx.login(request.body.accessToken, request.body.openId, clientContext(request))),
  );
  api.post('/api/wx/pc/binduser', { config: publicRoute, schema: { tags, summary: 'Bind an open id to a user who proves their password', body: wxBindBody } }, async (request) =>
    ok(request, await wx.bind(request.body, clientContext(request)), 'bound'),
  );
  if (standin) standinRoutes(app, standin);
}
