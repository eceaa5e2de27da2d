import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTROL_PERMISSION, DEVICE_FAMILIES, id, policyBody, policyQuery, policyUpdate, previewBody, templateBody, templateQuery, templateUpdate, type ProgramStep } from '@sl/contracts';
import { ok } from '../../http/reply.js';
import { idQuery, requireId } from '../route-ids.js';
import type { Services } from '../../services.js';
import { preview } from '../compiler/timeline.js';
import { clampIssue } from '../compiler/validate.js';
import { refused } from '../control-errors.js';
import type { Principal } from '../../system/access/principal.js';

const tags = ['control: policies'];
const P = CONTROL_PERMISSION.policy;
const T = CONTROL_PERMISSION.template;
const unrefused = (steps: ProgramStep[]) => {
  const issue = clampIssue(steps);
  if (issue) throw refused(issue);
  return steps;
};
const familyParam = z.object({ family: z.enum(DEVICE_FAMILIES, { error: 'family must be rdcsm or rdc4m' }) });

/** Spec §7 policies (`/policy/pageList|addData|updateData`; getData/delData are shared, policy-data/) and templates. */
export function policyRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { policies, templates, sets } = services.control;
  const pricing = async (p: Principal, b: { electricitySetId?: number; powerW: number }) => (b.electricitySetId ? { tariff: await sets.tariff(p, b.electricitySetId), powerW: b.powerW } : undefined);

  api.post('/api/v1/policy/pageList', { config: { permission: P.query, readOnly: true }, schema: { tags, summary: 'Policies in scope, newest first', body: policyQuery } }, async (req) =>
    ok(req, await policies.page(await req.principal(), req.body)),
  );
  api.post('/api/v1/policy/addData', { config: { permission: P.add }, schema: { tags, summary: 'Add a policy (the program is validated: no overlapping or contradictory steps)', body: policyBody } }, async (req) =>
    ok(req, await policies.add(await req.principal(), req.body), 'policy added'),
  );
  api.put('/api/v1/policy/updateData', { config: { permission: P.edit }, schema: { tags, summary: 'Change a policy', body: policyUpdate } }, async (req) =>
    ok(req, await policies.update(await req.principal(), req.body), 'policy updated'),
  );
  api.post('/api/v1/policy/preview', { config: { permission: P.query, readOnly: true }, schema: { tags, summary: "A program's 24 h timeline for a place and date: sun times, levels, burn hours, energy saved", body: previewBody } }, async (req) =>
    ok(req, preview(unrefused(req.body.steps), req.body.date, req.body, await pricing(await req.principal(), req.body))),
  );

  api.post('/api/v1/policy/template/list/:family', { config: { permission: T.query, readOnly: true }, schema: { tags, summary: 'Templates of a family', params: familyParam, body: templateQuery } }, async (req) =>
    ok(req, await templates.page(req.params.family, req.body)),
  );
  api.get('/api/v1/policy/template/info/:family', { config: { permission: T.query }, schema: { tags, summary: 'One template', params: familyParam, querystring: idQuery } }, async (req) =>
    ok(req, await templates.get(req.params.family, requireId(req.query.id))),
  );
  api.post('/api/v1/policy/template/add/:family', { config: { permission: T.add }, schema: { tags, summary: 'Add a template', params: familyParam, body: templateBody } }, async (req) =>
    ok(req, await templates.add(req.params.family, req.body), 'template added'),
  );
  api.put('/api/v1/policy/template/modify/:family', { config: { permission: T.edit }, schema: { tags, summary: 'Change a template', params: familyParam, body: templateUpdate } }, async (req) =>
    ok(req, await templates.update(req.params.family, req.body), 'template updated'),
  );
  api.delete('/api/v1/policy/template/delete/:family', { config: { permission: T.remove }, schema: { tags, summary: 'Delete a template', params: familyParam, querystring: idQuery } }, async (req) => {
    await templates.remove(req.params.family, requireId(req.query.id));
    return ok(req, null, 'template deleted');
  });
  api.get('/api/v1/policy/template/all', { config: { permission: T.query }, schema: { tags, summary: 'Every template, optionally of one family', querystring: z.object({ family: familyParam.shape.family.optional() }) } }, async (req) =>
    ok(req, await templates.all(req.query.family)),
  );
}
