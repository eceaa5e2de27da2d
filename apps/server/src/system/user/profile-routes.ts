import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AVATAR_MAX_BYTES, profileUpdate, userChangePassword } from '@sl/contracts';
import { ok } from '../../http/reply.js';
import { readUpload } from '../../http/upload.js';
import type { Services } from '../../services.js';

const tags = ['system: profile'];

export function profileRoutes(app: FastifyInstance, { profile }: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/v1/user/profile', { schema: { tags, summary: "The signed-in user's profile" } }, async (request) =>
    ok(request, await profile.get(request.auth.sub)),
  );
  api.put('/api/v1/sysUser/profile', { schema: { tags, summary: 'Edit my profile', body: profileUpdate } }, async (request) =>
    ok(request, await profile.update(request.auth.sub, request.body), 'profile saved'),
  );
  api.put('/api/v1/user/pwd', { schema: { tags, summary: 'Change my password', body: userChangePassword } }, async (request) => {
    await profile.changePassword(request.auth.sub, request.body.oldPassword, request.body.newPassword);
    return ok(request, null, 'password changed');
  });
  api.post('/api/v1/user/avatar', { schema: { tags, summary: 'Upload my avatar (image, at most 2 MB)' } }, async (request) => {
    const data = await readUpload(request, AVATAR_MAX_BYTES);
    return ok(request, { avatar: await profile.setAvatar(request.auth.sub, data) }, 'avatar saved');
  });
}
