import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { LOGO_MAX_BYTES, type User } from '@keel/contract';
import type { Database } from '../../db/database.js';
import { inAccountScope, inTenant } from '../../db/scope.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { recordAuditEvent } from '../audit/index.js';
import { findUserById, updateUser } from './auth.repository.js';
import type { ClientMeta } from './client-meta.js';
import type { AccessClaims } from './tokens.js';

const EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' } as const;
type AvatarMime = keyof typeof EXTENSIONS;
const MIME_OF = Object.fromEntries(Object.entries(EXTENSIONS).map(([mime, ext]) => [ext, mime])) as Record<
  string,
  AvatarMime
>;

export const avatarErrors = {
  missing: () => badRequest('auth.avatar_missing', 'Send the image as a file in the form field "avatar"'),
  malformed: () => badRequest('auth.malformed_upload', 'The upload could not be read. Please try again.'),
  empty: () => badRequest('auth.avatar_empty', 'The picture file is empty'),
  tooLarge: () => new AppError(413, 'auth.avatar_too_large', 'The picture must be at most 2 MB'),
  unsupported: () =>
    new AppError(415, 'auth.avatar_unsupported_type', 'The picture must be a PNG, JPEG, WebP or GIF image'),
  notFound: () => notFound('auth.avatar_not_found', 'This picture does not exist'),
};

/** Where a user's uploaded picture lives; the random name makes every upload a new, cacheable address. */
const avatarPath = (userId: string, file: string) => `/api/v1/users/${userId}/avatar/${file}`;
const storageKey = (userId: string, file: string) => `avatars/${userId}/${file}`;
const OWN_AVATAR = /^\/api\/v1\/users\/[0-9a-f-]{36}\/avatar\/([a-f0-9]{24}\.[a-z]+)$/;

/** Profile pictures uploaded like the organization logo: the type decided by the bytes, served to <img>. */
export function createAvatarService(deps: {
  db: Database;
  storage: FileStorage;
  profile: (claims: AccessClaims) => Promise<User>;
}) {
  const { db, storage } = deps;

  async function detect(content: Buffer): Promise<AvatarMime> {
    if (content.length === 0) throw avatarErrors.empty();
    if (content.length > LOGO_MAX_BYTES) throw avatarErrors.tooLarge();
    const mime = (await fileTypeFromBuffer(content))?.mime;
    if (!mime || !(mime in EXTENSIONS)) throw avatarErrors.unsupported();
    return mime as AvatarMime;
  }

  /** Sets the picture address; answers the stored picture it replaced, if it was one of ours. */
  async function setAvatar(claims: AccessClaims, avatarUrl: string | null, meta: ClientMeta) {
    const previous = await inAccountScope(db, async () => {
      const user = await findUserById(claims.userId);
      await updateUser(claims.userId, { avatarUrl });
      return user?.avatarUrl ? OWN_AVATAR.exec(user.avatarUrl)?.[1] : undefined;
    });
    await inTenant(db, { organizationId: claims.organizationId, userId: claims.userId }, () =>
      recordAuditEvent(claims.organizationId, {
        actorUserId: claims.userId,
        action: avatarUrl ? 'user.avatar_updated' : 'user.avatar_removed',
        targetType: 'user',
        targetId: claims.userId,
        ...meta,
      }),
    );
    // Removed after the commit: a failed update never leaves the profile pointing at nothing.
    if (previous) await storage.remove(storageKey(claims.userId, previous)).catch(() => undefined);
  }

  return {
    async upload(claims: AccessClaims, readUpload: () => Promise<Buffer>, meta: ClientMeta): Promise<User> {
      await deps.profile(claims);
      const content = await readUpload();
      const file = `${randomBytes(12).toString('hex')}.${EXTENSIONS[await detect(content)]}`;
      await storage.put(storageKey(claims.userId, file), content);
      await setAvatar(claims, avatarPath(claims.userId, file), meta);
      return deps.profile(claims);
    },

    async remove(claims: AccessClaims, meta: ClientMeta): Promise<User> {
      await deps.profile(claims);
      await setAvatar(claims, null, meta);
      return deps.profile(claims);
    },

    /** Public, for <img>: the address is unguessable (96 random bits) and changes with every upload. */
    async read(userId: string, file: string): Promise<{ content: Buffer; mimeType: AvatarMime }> {
      const mimeType = MIME_OF[file.slice(file.lastIndexOf('.') + 1)];
      const content = mimeType ? await storage.get(storageKey(userId, file)) : undefined;
      if (!content || !mimeType) throw avatarErrors.notFound();
      return { content, mimeType };
    },
  };
}

export type AvatarService = ReturnType<typeof createAvatarService>;
