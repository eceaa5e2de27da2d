import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { wxBindBody, wxCodeBody, wxOauthBody } from '@sl/contracts';
import { clientContext } from '../../http/client-context.js';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { createExpiringStores } from './create-expiring-stores.js';
import { selectProvider } from './select-provider.js';
import { StandinProvider } from './standin-provider.js';
import { StandinConfirmation } from './standin-confirm.js';
import { standinRoutes } from './standin-routes.js';
import { WxRepository } from './wx-repository.js';
import { WxService } from './wx-service.js';
import { publicRoute } from '../../http/access.js';

const tags = ['auth: QR sign-in'];
/** How long a QR code shown on the sign-in page can be scanned. */
const STATE_TTL_MS = 10 * 60_000;
const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export function wxRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const stores = createExpiringStores(services.config, services.db, (err) => app.log.error({ err }, 'QR sign-in store (Redis) error'));
  app.addHook('onClose', () => stores.close());
  const provider = selectProvider(services.config, stores);
  const states = stores.open('wx-state', STATE_TTL_MS);
  const { users, authRepo, tokens, cipher, throttle, passwords } = services;
  const repo = new WxRepository(services.db);
  const wx = new WxService({ provider, states, repo, users, authRepo, tokens, cipher, throttle, passwords });

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
  if (provider instanceof StandinProvider) standinRoutes(app, new StandinConfirmation({ provider, states, repo, authRepo, cipher, throttle, passwords }));
}
