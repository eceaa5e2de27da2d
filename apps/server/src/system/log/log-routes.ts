import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bigIdsParam, logQuery, type MessageKey, idParams } from '@sl/contracts';
import { notFound, text } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { requestLocale } from '../../http/locale.js';
import { localizedLogins } from './login-log-text.js';
import { localizedOperations } from './oper-log-text.js';

const tags = ['system: logs'];

/** Deletes what exists among the ids; 404 when none of them does. */
async function deleted(what: MessageKey, ids: number[], remove: (ids: number[]) => Promise<number>) {
  const n = await remove(ids);
  if (n === 0) throw notFound(text(what, idParams(ids)));
  return { deleted: n };
}

export function logRoutes(app: FastifyInstance, { operLogs }: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const operPerm = (action: string) => ({ permission: `system:sysoperlog:${action}` });
  const loginPerm = (action: string) => ({ permission: `system:sysloginlog:${action}` });

  api.get('/api/v1/sysOperLogList', { config: operPerm('query'), schema: { tags, summary: 'List operation logs', querystring: logQuery } }, async (request) =>
    ok(request, localizedOperations(await operLogs.operations(request.query), requestLocale(request))),
  );
  api.delete('/api/v1/sysOperLog/:ids', { config: operPerm('remove'), schema: { tags, summary: 'Delete operation logs', params: bigIdsParam } }, async (request) =>
    ok(request, await deleted('system.operLogNotFound', request.params.ids, (ids) => operLogs.deleteOperations(ids)), 'operation log deleted'),
  );
  api.get('/api/v1/sysLoginLogList', { config: loginPerm('query'), schema: { tags, summary: 'List sign-in logs', querystring: logQuery } }, async (request) =>
    ok(request, localizedLogins(await operLogs.logins(request.query), requestLocale(request))),
  );
  api.delete('/api/v1/sysLoginLog/:ids', { config: loginPerm('remove'), schema: { tags, summary: 'Delete sign-in logs', params: bigIdsParam } }, async (request) =>
    ok(request, await deleted('system.loginLogNotFound', request.params.ids, (ids) => operLogs.deleteLogins(ids)), 'sign-in log deleted'),
  );
}
