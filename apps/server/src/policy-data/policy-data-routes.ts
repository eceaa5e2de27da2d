import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bigId } from '@sl/contracts';
import { signedIn } from '../http/access.js';
import { badRequest, notFound, text } from '../http/errors.js';
import { ok } from '../http/reply.js';
import type { Services } from '../services.js';
import { policyDataKinds } from './policy-data-registry.js';

const tags = ['policy documents'];
/** Policies and leaflets share one bigint sequence. */
const idField = z.object({ id: bigId('id').optional() });
const idOf = (v?: number) => {
  if (!v) throw badRequest(text('control.idRequired'));
  return v;
};
const missing = (id: number) => notFound(text('policyData.notFound', { id }));

/**
 * `/policy/getData` and `/policy/delData` (spec §7): one id, whichever kind of document it names.
 * Each registered kind is asked in turn; none answering is a missing id. Policies and leaflets take
 * their ids from one sequence, so at most one kind answers, and the answer's `kind` says which.
 */
export function policyDataRoutes(app: FastifyInstance, _services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const getData = async (req: FastifyRequest, docId: number) => {
    const caller = await req.principal();
    for (const kind of policyDataKinds()) {
      const doc = await kind.get(docId, caller);
      if (doc) return ok(req, doc);
    }
    throw missing(docId);
  };
  const delData = async (req: FastifyRequest, docId: number) => {
    const caller = await req.principal();
    for (const kind of policyDataKinds()) if (await kind.remove(docId, caller)) return ok(req, null, 'deleted');
    throw missing(docId);
  };
  const summary = { get: 'A dispatch leaflet or control policy by id', del: 'Delete a dispatch leaflet or control policy by id' };
  api.get('/api/v1/policy/getData/:id?', { config: signedIn, schema: { tags, summary: summary.get, params: idField, querystring: idField } }, (req) => getData(req, idOf(req.params.id ?? req.query.id)));
  api.post('/api/v1/policy/getData', { config: { ...signedIn, readOnly: true }, schema: { tags, summary: summary.get, body: idField } }, (req) => getData(req, idOf(req.body.id)));
  api.delete('/api/v1/policy/delData/:id?', { config: signedIn, schema: { tags, summary: summary.del, params: idField, querystring: idField } }, (req) => delData(req, idOf(req.params.id ?? req.query.id)));
  api.post('/api/v1/policy/delData', { config: signedIn, schema: { tags, summary: summary.del, body: idField } }, (req) => delData(req, idOf(req.body.id)));
}
