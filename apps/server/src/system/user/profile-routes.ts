import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AVATAR_MAX_BYTES, profileUpdate, userChangePassword } from '@sl/contracts';
import { clientContext } from '../../http/client-context.js';
import { ok } from '../../http/reply.js';
import { readUpload } from '../../http/upload.js';
import type { Services } from '../../services.js';
import { signedIn } from '../../http/access.js';

const tags = ['system: profile'];

export function profileRoutes(app: FastifyInstance, { profile }: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/v1/user/profile', { config: signedIn, schema: { tags, summary: "The signed-in user's profile" } }, async (request) =>
    ok(request, await profile.get(request.auth.sub)),
  );
  api.put('/api/v1/sysUser/profile', { config: signedIn, schema: { tags, summary: 'Edit my profile', body: profileUpdate } }, async (request) =>
    ok(request, await profile.update(request.auth.sub, request.body), 'profile saved'),
  );
  api.put('/api/v1/user/pwd', { config: signedIn, schema: { tags, summary: 'Change my password; every other session ends, and this one goes on with the token returned', body: userChangePassword } }, async (request) => {
    const { oldPassword, newPassword } = request.body;
    return ok(request, await profile.changePassword(request.auth.sub, oldPassword, newPassword, clientContext(request)), 'password changed');
  });
  api.post('/api/v1/user/avatar', { config: signedIn, schema: { tags, summary: 'Upload my avatar (image, at most 2 MB); it replaces and deletes the previous one, one upload at a time (429 meanwhile)' } }, async (request) => {
    const avatar = await profile.setAvatar(request.auth.sub, () => readUpload(request, AVATAR_MAX_BYTES));
    return ok(request, { avatar }, 'avatar saved');
  });
}
