import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { wxStandinQuery } from '@sl/contracts';
import { STANDIN_DEMO_OPEN_ID, type StandinProvider } from './standin-provider.js';
import { publicRoute } from '../../http/access.js';

const tags = ['auth: QR sign-in'];

// Values are restricted to [\w.@-] by the schema and URL-encoded, so they are safe inside the markup.
const page = (state: string, openId: string) => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>扫码登录 QR sign-in</title></head>
<body style="font-family: sans-serif; text-align: center; padding: 3em 1em">
<h1>路灯监控管理系统 · Street Light Monitoring</h1>
<p>模拟消息应用用户 / Simulated messaging-app user: <b>${encodeURIComponent(openId)}</b></p>
<p><a id="confirm" href="/api/wx/standin/confirm?state=${encodeURIComponent(state)}&amp;openId=${encodeURIComponent(openId)}">确认登录 / Confirm sign-in</a></p>
<p><small>Stand-in for the messaging app: add <code>&amp;openId=...</code> to this page's address to act as another user.</small></p>
</body></html>`;

/** The stand-in messaging app's own pages: what the phone shows after scanning, and the confirmation. */
export function standinRoutes(app: FastifyInstance, provider: StandinProvider) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/wx/standin/authorize', { config: publicRoute, schema: { tags, summary: 'Stand-in: the confirmation page', querystring: wxStandinQuery } }, async (request, reply) =>
    reply.type('text/html; charset=utf-8').send(page(request.query.state, request.query.openId ?? STANDIN_DEMO_OPEN_ID)),
  );
  api.get('/api/wx/standin/confirm', { config: publicRoute, schema: { tags, summary: 'Stand-in: confirm and return to the console', querystring: wxStandinQuery } }, async (request, reply) => {
    const code = provider.issueCode(request.query.openId ?? STANDIN_DEMO_OPEN_ID);
    return reply.redirect(`/wxcode-redirect?code=${code}&state=${encodeURIComponent(request.query.state)}`, 302);
  });
}
