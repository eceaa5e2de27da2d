import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { batchCommandBody, terminalQuery } from '@sl/contracts';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { terminalWorkbook } from './terminal-workbook.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** At most this many rows go into one export. */
export const TERMINAL_EXPORT_LIMIT = 20_000;

/** Quick commands to many terminals, with progress on `msg`; readings follow confirmed switching. */
export function terminalOpsRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { terminals } = services.terminalDomain;
  const { commands: batch } = services.batch;

  api.post(
    '/api/v1/terminal/batch/command',
    { config: { permission: 'terminal:terminal:control' }, schema: { tags: ['terminals'], summary: 'Send one quick command (on, off, auto, dim) to many terminals; outcomes on 50rdcsm, progress on msg', body: batchCommandBody } },
    async (request) => {
      const { terminalIds, action, level, holdMin } = request.body;
      return ok(request, await batch.send(await request.principal(), terminalIds, action, level, holdMin), 'command sent');
    },
  );
  api.get(
    '/api/v1/terminal/export',
    { config: { permission: 'terminal:terminal:query' }, schema: { tags: ['terminals'], summary: `Export the filtered terminals as .xlsx (at most ${TERMINAL_EXPORT_LIMIT} rows)`, querystring: terminalQuery } },
    async (request, reply) => {
      const page = await terminals.page(await request.principal(), { ...request.query, pageIndex: 1, pageSize: TERMINAL_EXPORT_LIMIT });
      const data = await terminalWorkbook(page.list);
      return reply.type(XLSX_TYPE).header('content-disposition', 'attachment; filename="terminals.xlsx"').send(data);
    },
  );
}
