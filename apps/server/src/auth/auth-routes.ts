import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkPwdBody, loginBody, logoutBody, PRODUCT_VERSION } from '@sl/contracts';
import { clientContext } from '../http/client-context.js';
import { ok } from '../http/reply.js';
import type { Services } from '../services.js';
import { bearerToken } from './token-service.js';
import { publicRoute, signedIn } from '../http/access.js';

const tags = ['auth'];

export function authRoutes(app: FastifyInstance, { auth, captcha, tokens, configs, config, passwordPolicy }: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/v1/app-config', { config: publicRoute, schema: { tags, summary: 'Public settings for the sign-in page' } }, async (request) => {
    const [values, policy] = await Promise.all([configs.values(['sys.app.name', 'sys.app.name.en']), passwordPolicy.current()]);
    return ok(request, {
      siteTitle: values['sys.app.name'] ?? '路灯监控管理系统',
      siteTitleEn: values['sys.app.name.en'] ?? 'Street Light Monitoring System',
      version: PRODUCT_VERSION,
      captcha: config.CAPTCHA,
      passwordKey: config.PASSWORD_KEY,
      demo: config.DEMO,
      passwordPolicy: policy,
    });
  });

  api.get('/api/v1/getCaptcha', { config: publicRoute, schema: { tags, summary: 'A new captcha image and its id' } }, async (request) => {
    const { id, image } = await captcha.create();
    return { code: 200, msg: 'success', data: image, id, requestId: request.id };
  });

  api.post('/api/login', { config: publicRoute, schema: { tags, summary: 'Sign in', body: loginBody, security: [] } }, async (request) =>
    ok(request, await auth.login(request.body, clientContext(request))),
  );

  for (const url of ['/refreshtoken', '/api/v1/refreshtoken']) {
    api.post(url, { config: publicRoute, schema: { tags, summary: 'Exchange a token for a fresh one' } }, async (request) => {
      const { issued } = await tokens.refresh(bearerToken(request.headers.authorization));
      return ok(request, issued);
    });
  }

  api.get('/api/v1/getinfo', { config: signedIn, schema: { tags, summary: 'The signed-in user, roles and permissions' } }, async (request) =>
    ok(request, await auth.userInfo(request.auth.sub)),
  );

  // The body (go-admin's `{userId}`) may be left out (Fastify then gives null): the token says who signs out.
  api.post('/api/v1/logout', { config: signedIn, schema: { tags, summary: 'Sign out and revoke the token', body: logoutBody.nullish() } }, async (request) => {
    await auth.logout(request.auth, clientContext(request));
    return ok(request, null, 'signed out');
  });

  for (const url of ['/api/v1/user/checkpwd', '/user/checkpwd']) {
    api.post(url, { config: { ...signedIn, readOnly: true }, schema: { tags, summary: "Confirm the signed-in user's password", body: checkPwdBody } }, async (request) => {
      await auth.checkPassword(request.auth.sub, request.body.password, clientContext(request));
      return ok(request, null, 'password confirmed');
    });
  }
}
