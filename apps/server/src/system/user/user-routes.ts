import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { formatMessage, idParam, idsParam, USER_IMPORT_MAX_BYTES, userCreate, userQuery, userResetPassword, userStatusInput, userUpdate } from '@sl/contracts';
import { badRequest, text, tooManyRequests } from '../../http/errors.js';
import { requestLocale } from '../../http/locale.js';
import { OneAtATime } from '../../http/one-at-a-time.js';
import { ok } from '../../http/reply.js';
import { readUpload } from '../../http/upload.js';
import type { Services } from '../../services.js';
import { deptNamePaths } from './dept-name-paths.js';
import { importUsers, MAX_IMPORT_ROWS } from './user-import.js';
import { exportUsers, importTemplate, readImportRows, XLSX_TYPE } from './user-workbook.js';

const tags = ['system: users'];
const EXPORT_LIMIT = 50_000;

export function userRoutes(app: FastifyInstance, { userAdmin, userAdminRepo, delegation, passwords, passwordPolicy, accounts }: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const perm = (action: string) => ({ permission: `system:sysuser:${action}` });
  // An import holds a workbook's rows and hashes a password per row: one at a time per instance.
  const importing = new OneAtATime(() => tooManyRequests(text('system.importBusy')));
  const xlsx = (reply: import('fastify').FastifyReply, name: string, data: Buffer) =>
    reply.type(XLSX_TYPE).header('content-disposition', `attachment; filename="${name}"`).send(data);

  api.get('/api/v1/sysUserList', { config: perm('query'), schema: { tags, summary: 'List users', querystring: userQuery } }, async (request) =>
    ok(request, await userAdmin.page(await request.principal(), request.query)),
  );
  api.get('/api/v1/sysUser/export', { config: perm('export'), schema: { tags, summary: 'Export the filtered users as .xlsx, in the columns the import reads', querystring: userQuery } }, async (request, reply) => {
    const principal = await request.principal();
    const users = await userAdmin.list(principal, request.query, EXPORT_LIMIT);
    return xlsx(reply, 'users.xlsx', await exportUsers(users, deptNamePaths(await userAdmin.visibleDepts(principal))));
  });
  api.get('/api/v1/sysUser/importTemplate', { config: perm('import'), schema: { tags, summary: 'The .xlsx import template' } }, async (_request, reply) =>
    xlsx(reply, 'users-template.xlsx', await importTemplate()),
  );
  api.post('/api/v1/sysUser/import', { config: perm('import'), schema: { tags, summary: 'Import users from .xlsx, all or nothing: users matched by user name are updated, the others created; one import at a time (429 while one runs)' } }, (request, reply) => importing.run('import', async () => {
    const rows = await readImportRows(await readUpload(request, USER_IMPORT_MAX_BYTES), MAX_IMPORT_ROWS);
    if (rows.length === 0) throw badRequest(text('system.workbookEmpty'));
    const principal = await request.principal();
    const context = { repo: userAdminRepo, delegation, depts: await userAdmin.visibleDepts(principal), passwords: { hashes: passwords, policy: passwordPolicy }, accounts };
    const result = await importUsers(context, principal, rows, requestLocale(request));
    if (result.errors.length) {
      return reply.code(400).send({ code: 400, msg: formatMessage('system.importRowsInvalid', requestLocale(request), { n: result.errors.length }), data: result, requestId: request.id });
    }
    return ok(request, result, `${result.imported} user(s) imported`);
  }));
  api.get('/api/v1/sysUser/:id', { config: perm('query'), schema: { tags, summary: 'One user', params: idParam } }, async (request) =>
    ok(request, await userAdmin.get(await request.principal(), request.params.id)),
  );
  api.post('/api/v1/sysUser', { config: perm('add'), schema: { tags, summary: 'Add a user', body: userCreate } }, async (request) =>
    ok(request, await userAdmin.create(await request.principal(), request.body), 'user added'),
  );
  api.put('/api/v1/sysUser', { config: perm('edit'), schema: { tags, summary: 'Edit a user', body: userUpdate } }, async (request) => {
    await userAdmin.update(await request.principal(), request.body);
    return ok(request, null, 'user updated');
  });
  api.put('/api/v1/sysUser/status', { config: perm('edit'), schema: { tags, summary: 'Enable or disable a user', body: userStatusInput } }, async (request) => {
    await userAdmin.setStatus(await request.principal(), request.body.userId, request.body.status);
    return ok(request, null, 'status updated');
  });
  api.put('/api/v1/user/pwd/reset', { config: perm('resetPwd'), schema: { tags, summary: "Reset a user's password", body: userResetPassword } }, async (request) => {
    await userAdmin.resetPassword(await request.principal(), request.body.userId, request.body.password);
    return ok(request, null, 'password reset');
  });
  api.delete('/api/v1/sysUser/:ids', { config: perm('remove'), schema: { tags, summary: 'Delete users (ids separated by commas)', params: idsParam } }, async (request) => {
    await userAdmin.remove(await request.principal(), request.params.ids);
    return ok(request, null, 'user(s) deleted');
  });
}
