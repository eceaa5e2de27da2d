import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  formatMessage, id, idParam, idsParam, lampAssetInput, lampAssetQuery, lampAssetUpdate, lampFaultOverrideInput, lampTypeInput, lampTypeQuery, lampTypeUpdate,
  likelyToFailQuery, maintenanceRoundBody, poleNoField, roundAssigneesBody,
} from '@sl/contracts';
import { signedIn } from '../http/access.js';
import { badRequest, text, tooManyRequests } from '../http/errors.js';
import { requestLocale } from '../http/locale.js';
import { OneAtATime } from '../http/one-at-a-time.js';
import { ok } from '../http/reply.js';
import { readUpload } from '../http/upload.js';
import type { Services } from '../services.js';
import { toLampAsset } from './lamp-asset-service.js';
import { deptPaths, importLamps, MAX_LAMP_IMPORT_ROWS } from './lamp-import.js';
import { exportLamps, lampTemplate, readLampRows } from './lamp-workbook.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
const EXPORT_LIMIT = 50_000;
const xlsx = (reply: FastifyReply, name: string, data: Buffer) => reply.type(XLSX_TYPE).header('content-disposition', `attachment; filename="${name}"`).send(data);

/** The lamp-type catalogue and the departments' threshold overrides. */
function lampTypeRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['assets: lamp types'];
  const { types, lampRepo: lamps } = services.assets;
  const perm = (action: string) => ({ permission: `asset:lamptype:${action}` });
  api.get('/api/v1/asset/lamptype/list', { config: perm('query'), schema: { tags, summary: 'The lamp-type catalogue', querystring: lampTypeQuery } }, async (request) => ok(request, await types.page(request.query)));
  api.get('/api/v1/asset/lamptype/all', { config: signedIn, schema: { tags, summary: 'Every lamp type, for selects' } }, async (request) => ok(request, await types.options()));
  api.get('/api/v1/asset/lamptype/info/:id', { config: perm('query'), schema: { tags, summary: 'One lamp type', params: idParam } }, async (request) => ok(request, await types.get(request.params.id)));
  api.post('/api/v1/asset/lamptype/add', { config: perm('add'), schema: { tags, summary: 'Add a lamp type', body: lampTypeInput } }, async (request) => ok(request, await types.create(request.body), 'lamp type added'));
  api.put('/api/v1/asset/lamptype/update', { config: perm('edit'), schema: { tags, summary: 'Edit a lamp type', body: lampTypeUpdate } }, async (request) => {
    const { lampTypeId, ...values } = request.body;
    await types.update(lampTypeId, values);
    return ok(request, null, 'lamp type updated');
  });
  api.delete('/api/v1/asset/lamptype/del/:ids', { config: perm('remove'), schema: { tags, summary: 'Delete lamp types that no lamp uses', params: idsParam } }, async (request) => {
    await types.remove(request.params.ids);
    return ok(request, null, 'lamp type deleted');
  });
  api.get('/api/v1/asset/lamptype/override/list', { config: perm('query'), schema: { tags, summary: "Departments' own fault thresholds per lamp type" } }, async (request) => ok(request, await types.overrides()));
  api.put('/api/v1/asset/lamptype/override', { config: perm('edit'), schema: { tags, summary: "Set a department's fault thresholds for a lamp type (null keeps the type's)", body: lampFaultOverrideInput } }, async (request) => {
    if (!(await lamps.deptVisible(await request.principal(), request.body.deptId))) throw badRequest(text('asset.deptOutOfScope', { id: request.body.deptId }));
    await types.saveOverride(request.body);
    return ok(request, null, 'override saved');
  });
  api.delete('/api/v1/asset/lamptype/override/:deptId/:lampTypeId', { config: perm('edit'), schema: { tags, summary: "Remove a department's override", params: z.object({ deptId: id('deptId'), lampTypeId: id('lampTypeId') }) } }, async (request) => {
    if (!(await lamps.deptVisible(await request.principal(), request.params.deptId))) throw badRequest(text('asset.deptOutOfScope', { id: request.params.deptId }));
    await types.deleteOverride(request.params.deptId, request.params.lampTypeId);
    return ok(request, null, 'override removed');
  });
}

/** The register of lamps and circuits, its workbook, and the phone view of a pole. */
function lampRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['assets: lamps'];
  const { directory, lampRepo: repo, typeRepo, lamps, predict } = services.assets;
  const importing = new OneAtATime(() => tooManyRequests(text('system.importBusy')));
  const perm = (action: string) => ({ permission: `asset:lamp:${action}` });
  api.get('/api/v1/asset/lamp/list', { config: perm('query'), schema: { tags, summary: 'Lamp records in scope', querystring: lampAssetQuery } }, async (request) => ok(request, await lamps.page(await request.principal(), request.query)));
  api.get('/api/v1/asset/lamp/info/:id', { config: perm('query'), schema: { tags, summary: 'One lamp record', params: idParam } }, async (request) => ok(request, await lamps.get(await request.principal(), request.params.id)));
  api.get('/api/v1/asset/pole/:poleNo', { config: perm('query'), schema: { tags, summary: "A pole's record (its QR code opens it on the phone): lamps, open alarms, failure risk", params: z.object({ poleNo: poleNoField }) } }, async (request) =>
    ok(request, await lamps.pole(await request.principal(), request.params.poleNo, (ids) => predict.risk(ids))),
  );
  api.post('/api/v1/asset/lamp/add', { config: perm('add'), schema: { tags, summary: 'Add a lamp or cabinet-circuit record', body: lampAssetInput } }, async (request) => ok(request, await lamps.create(await request.principal(), request.body), 'lamp record added'));
  api.put('/api/v1/asset/lamp/update', { config: perm('edit'), schema: { tags, summary: 'Edit a lamp record', body: lampAssetUpdate } }, async (request) => {
    const { assetId, ...values } = request.body;
    await lamps.update(await request.principal(), assetId, values);
    return ok(request, null, 'lamp record updated');
  });
  api.delete('/api/v1/asset/lamp/del/:ids', { config: perm('remove'), schema: { tags, summary: 'Delete lamp records', params: idsParam } }, async (request) => {
    await lamps.remove(await request.principal(), request.params.ids);
    return ok(request, null, 'lamp record deleted');
  });
  api.get('/api/v1/asset/lamp/export', { config: perm('export'), schema: { tags, summary: 'Export the filtered records as .xlsx, in the columns the import reads', querystring: lampAssetQuery } }, async (request, reply) => {
    const p = await request.principal();
    const rows = await repo.all(p, request.query, new Date().toISOString().slice(0, 10), EXPORT_LIMIT);
    return xlsx(reply, 'lamps.xlsx', await exportLamps(rows.map(toLampAsset), deptPaths(await repo.deptsInScope(p))));
  });
  api.get('/api/v1/asset/lamp/importTemplate', { config: perm('import'), schema: { tags, summary: 'The .xlsx import template' } }, async (_request, reply) => xlsx(reply, 'lamps-template.xlsx', await lampTemplate()));
  api.post('/api/v1/asset/lamp/import', { config: perm('import'), schema: { tags, summary: 'Import lamp records from .xlsx, all or nothing: rows matching a pole, controller and circuit update it, the others are created' } }, (request, reply) => importing.run('import', async () => {
    const rows = await readLampRows(await readUpload(request, IMPORT_MAX_BYTES), MAX_LAMP_IMPORT_ROWS);
    if (rows.length === 0) throw badRequest(text('system.workbookEmpty'));
    const result = await importLamps({ lamps: repo, types: typeRepo }, await request.principal(), rows, requestLocale(request));
    if (result.errors.length) return reply.code(400).send({ code: 400, msg: formatMessage('asset.importFailed', requestLocale(request), { count: result.errors.length }), data: result, requestId: request.id });
    directory.invalidate();
    return ok(request, result, `${result.imported} lamp record(s) imported`);
  }));
}

/** Failure prediction: the ranked list, the assignees, a planned round, and scoring now. */
function predictRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['assets: predictive maintenance'];
  const { predict } = services.assets;
  const query = { permission: 'asset:predict:query' };
  const round = { permission: 'asset:predict:round' };
  api.post('/api/v1/asset/predict/list', { config: { ...query, readOnly: true }, schema: { tags, summary: 'Lamps likely to fail within 30 days, highest score first, with reasons', body: likelyToFailQuery } }, async (request) =>
    ok(request, await predict.page(await request.principal(), request.body)),
  );
  api.post('/api/v1/asset/predict/assignees', { config: { ...round, readOnly: true }, schema: { tags, summary: "Who may be assigned a round of these lamps (their department's repairers)", body: roundAssigneesBody } }, async (request) =>
    ok(request, await predict.assignees(await request.principal(), request.body.assetIds)),
  );
  api.post('/api/v1/asset/predict/round', { config: round, schema: { tags, summary: 'Group lamps (and likely-to-fail lamps near the first) into one planned maintenance round, routed by position', body: maintenanceRoundBody } }, async (request) =>
    ok(request, await predict.round(await request.principal(), request.body), 'maintenance round created'),
  );
  api.post('/api/v1/asset/predict/run', { config: round, schema: { tags, summary: 'Fold the complete days and score every lamp now (the daily job does it once a day)' } }, async (request) =>
    ok(request, await services.assets.scoreNow(new Date()), 'lamps scored'),
  );
}

/** Route registrars of the assets domain (docs/assets.md). */
export const ASSET_ROUTES: Array<(app: FastifyInstance, services: Services) => void> = [lampTypeRoutes, lampRoutes, predictRoutes];
