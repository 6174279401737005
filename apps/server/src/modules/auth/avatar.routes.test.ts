import { describe, expect, it } from 'vitest';
import type { Session, User } from '@keel/contract';
import {
  PNG_BYTES,
  auditEvents,
  bearer,
  bodyOf,
  multipart,
  registerOrganization,
  useAuthSuite,
} from '../../test-support/test-app.js';

const { context } = useAuthSuite();

const upload = (session: Session | null, form: ReturnType<typeof multipart>) =>
  context.app.inject({
    method: 'POST',
    url: '/api/v1/auth/profile/avatar',
    payload: form.payload,
    headers: { ...form.headers, ...(session ? bearer(session) : {}) },
  });
const png = () => multipart('avatar', 'me.png', 'image/png', PNG_BYTES);
const get = (url: string) => context.app.inject({ method: 'GET', url });

describe('profile picture', () => {
  it('uploads a picture checked by its bytes, serves it to <img> without a token, and replaces it', async () => {
    const owner = await registerOrganization(context.app);
    const response = await upload(owner, png());
    expect(response.statusCode).toBe(200);
    const first = bodyOf<{ data: User }>(response).data.avatarUrl ?? '';
    expect(first).toMatch(new RegExp(`^/api/v1/users/${owner.user.id}/avatar/[a-f0-9]{24}\\.png$`));
    const image = await get(first);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG_BYTES)).toBe(true);

    const second = bodyOf<{ data: User }>(await upload(owner, png())).data.avatarUrl ?? '';
    expect(second).not.toBe(first);
    expect((await get(first)).statusCode).toBe(404);
    const profile = await context.app.inject({ method: 'GET', url: '/api/v1/auth/profile', headers: bearer(owner) });
    expect(bodyOf<{ data: User }>(profile).data.avatarUrl).toBe(second);
    expect(await auditEvents(context.database, 'user.avatar_updated', owner.user.id)).toHaveLength(2);

    const removed = await context.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/profile/avatar',
      headers: bearer(owner),
    });
    expect(bodyOf<{ data: User }>(removed).data.avatarUrl).toBeNull();
    expect((await get(second)).statusCode).toBe(404);
  });

  it('refuses what is not a picture, an empty or missing file, too large a file, and no token', async () => {
    const owner = await registerOrganization(context.app);
    const text = await upload(owner, multipart('avatar', 'me.png', 'image/png', Buffer.from('just text')));
    expect(text.statusCode).toBe(415);
    expect(bodyOf<{ error: string }>(text).error).toBe('The picture must be a PNG, JPEG, WebP or GIF image');
    expect((await upload(owner, multipart('avatar', 'me.png', 'image/png', Buffer.alloc(0)))).statusCode).toBe(400);
    expect((await upload(owner, multipart('logo', 'me.png', 'image/png', PNG_BYTES))).statusCode).toBe(400);
    const huge = Buffer.concat([PNG_BYTES, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await upload(owner, multipart('avatar', 'me.png', 'image/png', huge))).statusCode).toBe(413);
    expect((await upload(null, png())).statusCode).toBe(401);
    const json = await context.app.inject({
      method: 'POST',
      url: '/api/v1/auth/profile/avatar',
      headers: bearer(owner),
      payload: { avatar: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect((await context.app.inject({ method: 'DELETE', url: '/api/v1/auth/profile/avatar' })).statusCode).toBe(401);
  });

  it('answers 404 for unknown pictures and 400 for malformed addresses', async () => {
    const owner = await registerOrganization(context.app);
    expect((await get(`/api/v1/users/${owner.user.id}/avatar/${'a'.repeat(24)}.png`)).statusCode).toBe(404);
    expect((await get(`/api/v1/users/${owner.user.id}/avatar/..%2F..%2Fsecret.png`)).statusCode).toBe(400);
    expect((await get(`/api/v1/users/not-a-user/avatar/${'a'.repeat(24)}.png`)).statusCode).toBe(400);
  });
});
