import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dictDataInput, dictDataQuery, dictDataUpdate, dictExportQuery, dictTypeParam, idParam, idsParam } from '@sl/contracts';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { XLSX_TYPE } from './dict-workbook.js';
import { signedIn } from '../../http/access.js';

const tags = ['system: dictionary'];

export function dictDataRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const data = services.dictData;
  const perm = (action: string) => ({ permission: `system:sysdict:${action}` });

  api.get('/api/v1/dict/datalist', { config: perm('query'), schema: { tags, summary: 'List dictionary values', querystring: dictDataQuery } }, async (request) =>
    ok(request, await data.page(request.query)),
  );
  api.get('/api/v1/dict/databytype/:type', { config: signedIn, schema: { tags, summary: 'Enabled values of a type, for selects and tags', params: dictTypeParam } }, async (request) =>
    ok(request, await data.options(request.params.type)),
  );
  api.get('/api/v1/dict/data/export', { config: perm('export'), schema: { tags, summary: 'Export dictionary values as .xlsx', querystring: dictExportQuery } }, async (request, reply) => {
    const file = await data.export(request.query.dictType);
    const name = `dict-data${request.query.dictType ? `-${request.query.dictType}` : ''}.xlsx`;
    return reply.type(XLSX_TYPE).header('content-disposition', `attachment; filename="${name}"`).send(file);
  });
  api.get('/api/v1/dict/data/:id', { config: perm('query'), schema: { tags, summary: 'One dictionary value', params: idParam } }, async (request) =>
    ok(request, await data.get(request.params.id)),
  );
  api.post('/api/v1/dict/data', { config: perm('add'), schema: { tags, summary: 'Add a dictionary value', body: dictDataInput } }, async (request) =>
    ok(request, await data.create(request.body), 'dictionary value added'),
  );
  api.put('/api/v1/dict/data', { config: perm('edit'), schema: { tags, summary: 'Edit a dictionary value', body: dictDataUpdate } }, async (request) => {
    const { dictCode, ...values } = request.body;
    await data.update(dictCode, values);
    return ok(request, null, 'dictionary value updated');
  });
  api.delete('/api/v1/dict/data/:ids', { config: perm('remove'), schema: { tags, summary: 'Delete dictionary values', params: idsParam } }, async (request) => {
    await data.remove(request.params.ids);
    return ok(request, null, 'dictionary value deleted');
  });
}
