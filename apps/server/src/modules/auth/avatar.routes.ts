import { AVATAR_FIELD, LOGO_MAX_BYTES, avatarFileParamsSchema, envelope, userSchema } from '@keel/contract';
import { clientMeta, requireAuth } from '../../http/authenticate.js';
import { readSingleFile } from '../../http/file-upload.js';
import type { TypedApp } from '../../http/types.js';
import { avatarErrors, type AvatarService } from './avatar.service.js';

const tags = ['auth'];
const A_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function avatarRoutes(service: AvatarService) {
  return async function register(app: TypedApp) {
    app.post(
      '/auth/profile/avatar',
      {
        schema: {
          tags,
          description: `multipart/form-data with the picture in the field "${AVATAR_FIELD}": PNG, JPEG, WebP or GIF, at most 2 MB.`,
          consumes: ['multipart/form-data'],
          response: { 200: envelope(userSchema) },
        },
      },
      async (request) => {
        const read = async () =>
          (
            await readSingleFile(request, {
              field: AVATAR_FIELD,
              maxBytes: LOGO_MAX_BYTES,
              missing: avatarErrors.missing,
              malformed: avatarErrors.malformed,
            })
          ).content;
        return { data: await service.upload(requireAuth(request), read, clientMeta(request)) };
      },
    );

    app.delete(
      '/auth/profile/avatar',
      { schema: { tags, response: { 200: envelope(userSchema) } } },
      async (request) => ({ data: await service.remove(requireAuth(request), clientMeta(request)) }),
    );

    app.get(
      '/users/:userId/avatar/:file',
      {
        config: { public: true },
        schema: { tags, description: 'A profile picture; public, for <img> sources.', params: avatarFileParamsSchema },
      },
      async (request, reply) => {
        const avatar = await service.read(request.params.userId, request.params.file);
        return reply
          .header('cache-control', `public, max-age=${A_YEAR_SECONDS}, immutable`)
          .header('x-content-type-options', 'nosniff')
          .type(avatar.mimeType)
          .send(avatar.content);
      },
    );
  };
}
