import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { wxStandinConfirmBody, type WxStandinConfirmed } from '@sl/contracts';
import { clientContext } from '../../http/client-context.js';
import { ok } from '../../http/reply.js';
import type { StandinConfirmation } from './standin-confirm.js';
import { publicRoute } from '../../http/access.js';

const tags = ['auth: QR sign-in'];

/** The stand-in messaging app's confirmation; its page (what the phone shows after scanning) is the console's /wx-standin. */
export function standinRoutes(app: FastifyInstance, standin: StandinConfirmation) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/wx/standin/confirm',
    { config: publicRoute, schema: { tags, summary: "Stand-in: confirm (a bound open id needs its user's password) and get the console's return address", body: wxStandinConfirmBody } },
    async (request) => {
      const code = await standin.confirm(request.body, clientContext(request));
      const confirmed: WxStandinConfirmed = { redirect: `/wxcode-redirect?code=${code}&state=${encodeURIComponent(request.body.state)}` };
      return ok(request, confirmed);
    },
  );
}
