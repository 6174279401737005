import { describe, expect, it } from 'vitest';
import type { Organization, Session } from '@keel/contract';
import {
  bearer,
  bodyOf,
  multipart,
  PNG_BYTES,
  queryAsOwner,
  registerOrganization,
  useTenantFixture,
} from '../../test-support/test-app.js';

const t = useTenantFixture(['member', 'observer', 'admin'], {
  owner: { organizationName: 'Acme Rockets' },
  other: { organizationName: 'Other Org' },
});

type Headers = Record<string, string>;
const request = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, headers: Headers = {}, payload?: unknown) =>
  t.context.app.inject({
    method,
    url: `/api/v1${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const organizationOf = (response: { json(): unknown }) => (response.json() as { data: Organization }).data;

// Hand-built images: just enough bytes for content detection to recognise each format.
const IMAGES = {
  'image/png': PNG_BYTES,
  'image/jpeg': Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9,
  ]),
  'image/gif': Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x3b])]),
  'image/webp': Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([26, 0, 0, 0]),
    Buffer.from('WEBPVP8 '),
    Buffer.alloc(18),
  ]),
} as const;

const upload = (session: Session | null, body: { payload: Buffer; headers: Headers }) =>
  t.context.app.inject({
    method: 'POST',
    url: '/api/v1/organizations/current/logo',
    headers: { ...body.headers, ...(session ? bearer(session) : {}) },
    payload: body.payload,
  });
const uploadImage = (session: Session, mime: keyof typeof IMAGES = 'image/png') =>
  upload(session, multipart('logo', 'logo.img', mime, IMAGES[mime]));

async function auditActions(organizationId: string) {
  const rows = await queryAsOwner<{ action: string; summary: Record<string, unknown> | null }>(
    t.context.database,
    `select action, summary from audit_events where organization_id = '${organizationId}' order by created_at`,
  );
  return rows;
}

describe('GET /organizations/current', () => {
  it('gives any member the organization with its defaults and a 30-day trial', async () => {
    for (const session of [t.owner, t.members.member, t.members.observer]) {
      const response = await request('GET', '/organizations/current', bearer(session));
      expect(response.statusCode).toBe(200);
      expect(organizationOf(response)).toMatchObject({
        id: t.owner.user.organizationId,
        name: 'Acme Rockets',
        logo_url: null,
        logo_size: 100,
        theme_primary_color: '#1d4ed8',
        timezone: 'UTC',
        week_start_day: 1,
        fiscal_year_start_month: 1,
        methodology: null,
        account_status: 'trialing',
      });
    }
    const organization = organizationOf(await request('GET', '/organizations/current', bearer(t.owner)));
    const trialDays = (Date.parse(organization.trial_ends_at) - Date.parse(organization.created_at)) / 86_400_000;
    expect(Math.round(trialDays)).toBe(30);
  });

  it('answers 401 without a token', async () => {
    expect((await request('GET', '/organizations/current')).statusCode).toBe(401);
  });

  it('shows another organization only its own', async () => {
    const response = await request('GET', '/organizations/current', bearer(t.other));
    expect(organizationOf(response)).toMatchObject({ id: t.other.user.organizationId, name: 'Other Org' });
  });
});

describe('PUT /organizations/current', () => {
  it('lets an owner or admin change settings, bumps the version and audits the changed fields', async () => {
    const [before] = await queryAsOwner<{ version: number }>(
      t.context.database,
      `select version from organizations where id = '${t.owner.user.organizationId}'`,
    );
    const response = await request('PUT', '/organizations/current', bearer(t.owner), {
      name: '  Acme Rockets Inc  ',
      theme_primary_color: '#ff0000',
      logo_size: 150,
      timezone: 'Europe/Paris',
      week_start_day: 0,
      fiscal_year_start_month: 4,
      theme_accent_color: '#60a5fa',
    });
    expect(response.statusCode).toBe(200);
    expect(organizationOf(response)).toMatchObject({
      name: 'Acme Rockets Inc',
      theme_primary_color: '#ff0000',
      logo_size: 150,
      timezone: 'Europe/Paris',
      week_start_day: 0,
      fiscal_year_start_month: 4,
    });
    const [after] = await queryAsOwner<{ version: number }>(
      t.context.database,
      `select version from organizations where id = '${t.owner.user.organizationId}'`,
    );
    expect(after!.version).toBe(before!.version + 1);
    const audit = (await auditActions(t.owner.user.organizationId)).filter(
      (row) => row.action === 'organization.updated',
    );
    // The accent colour was sent unchanged, so it is not reported as changed.
    expect(audit.at(-1)?.summary).toEqual({
      fields: ['name', 'logo_size', 'theme_primary_color', 'timezone', 'week_start_day', 'fiscal_year_start_month'],
    });

    const byAdmin = await request('PUT', '/organizations/current', bearer(t.members.admin), { methodology: 'eos' });
    expect(byAdmin.statusCode).toBe(200);
    expect(organizationOf(byAdmin).methodology).toBe('eos');
  });

  it('neither bumps the version nor audits a save that changes nothing', async () => {
    const current = organizationOf(await request('GET', '/organizations/current', bearer(t.owner)));
    const [before] = await queryAsOwner<{ version: number }>(
      t.context.database,
      `select version from organizations where id = '${t.owner.user.organizationId}'`,
    );
    const auditBefore = (await auditActions(t.owner.user.organizationId)).length;
    expect((await request('PUT', '/organizations/current', bearer(t.owner), { name: current.name })).statusCode).toBe(
      200,
    );
    expect((await request('PUT', '/organizations/current', bearer(t.owner), {})).statusCode).toBe(200);
    const [after] = await queryAsOwner<{ version: number }>(
      t.context.database,
      `select version from organizations where id = '${t.owner.user.organizationId}'`,
    );
    expect(after!.version).toBe(before!.version);
    expect((await auditActions(t.owner.user.organizationId)).length).toBe(auditBefore);
  });

  it.each([
    [{ theme_primary_color: 'blue' }, 'theme_primary_color'],
    [{ logo_size: 5000 }, 'logo_size'],
    [{ logo_size: 1.5 }, 'logo_size'],
    [{ timezone: 'Mars/Olympus_Mons' }, 'timezone'],
    [{ name: '' }, 'name'],
    [{ name: 42 }, 'name'],
    [{ week_start_day: 7 }, 'week_start_day'],
    [{ methodology: 'six_sigma' }, 'methodology'],
    [{ account_status: 'active' }, ''],
    [{ logo_url: 'https://evil.example/x.png' }, ''],
  ])('answers 400 for %o', async (payload, path) => {
    const response = await request('PUT', '/organizations/current', bearer(t.owner), payload);
    expect(response.statusCode).toBe(400);
    const body = bodyOf<{ code: string; details: { path: string }[] }>(response);
    expect(body.code).toBe('request.invalid');
    expect(body.details[0]?.path).toBe(path);
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await t.context.app.inject({
      method: 'PUT',
      url: '/api/v1/organizations/current',
      headers: { ...bearer(t.owner), 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(response).code).toBe('request.malformed_json');
  });

  it('answers 401 without a token and 403 for a member or observer', async () => {
    expect((await request('PUT', '/organizations/current', {}, { name: 'X' })).statusCode).toBe(401);
    for (const session of [t.members.member, t.members.observer]) {
      const response = await request('PUT', '/organizations/current', bearer(session), { name: 'Taken over' });
      expect(response.statusCode).toBe(403);
      expect(bodyOf<{ code: string }>(response).code).toBe('organizations.admin_required');
    }
  });

  it('changes only the caller’s own organization', async () => {
    await request('PUT', '/organizations/current', bearer(t.other), { name: 'Other Org Renamed' });
    expect(organizationOf(await request('GET', '/organizations/current', bearer(t.owner))).name).not.toBe(
      'Other Org Renamed',
    );
    expect(organizationOf(await request('GET', '/organizations/current', bearer(t.other))).name).toBe(
      'Other Org Renamed',
    );
  });
});

describe('organization logo', () => {
  it.each(Object.keys(IMAGES) as (keyof typeof IMAGES)[])(
    'accepts a %s detected by its bytes and serves it publicly',
    async (mime) => {
      const response = await uploadImage(t.owner, mime);
      expect(response.statusCode).toBe(200);
      const organization = organizationOf(response);
      expect(organization.logo_url).toMatch(
        new RegExp(`^/api/v1/organizations/${organization.id}/logo\\?v=[0-9a-f]+$`),
      );

      const image = await t.context.app.inject({ method: 'GET', url: organization.logo_url! });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe(mime);
      expect(image.headers['cache-control']).toBe('public, max-age=300');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.rawPayload.equals(IMAGES[mime])).toBe(true);
    },
  );

  it('gives every upload a new address and answers 304 to a cache that already has it', async () => {
    const first = organizationOf(await uploadImage(t.owner, 'image/png')).logo_url;
    const second = organizationOf(await uploadImage(t.owner, 'image/gif')).logo_url;
    expect(second).not.toBe(first);
    const image = await t.context.app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${t.owner.user.organizationId}/logo`,
    });
    expect(image.headers['content-type']).toBe('image/gif');
    const cached = await t.context.app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${t.owner.user.organizationId}/logo`,
      headers: { 'if-none-match': String(image.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);
  });

  it('lets an admin upload and records the change', async () => {
    expect((await uploadImage(t.members.admin, 'image/jpeg')).statusCode).toBe(200);
    const actions = (await auditActions(t.owner.user.organizationId)).map((row) => row.action);
    expect(actions).toContain('organization.logo_updated');
  });

  it('judges the bytes, not the name: a text file called logo.png is 415', async () => {
    const response = await upload(
      t.owner,
      multipart('logo', 'logo.png', 'image/png', Buffer.from('just some text, honestly')),
    );
    expect(response.statusCode).toBe(415);
    expect(bodyOf<{ code: string }>(response).code).toBe('organizations.logo_unsupported_type');
  });

  it('refuses other real file types (PDF, SVG) with 415', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n', 'latin1');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(t.owner, multipart('logo', 'logo.pdf', 'application/pdf', pdf))).statusCode).toBe(415);
    expect((await upload(t.owner, multipart('logo', 'logo.svg', 'image/svg+xml', svg))).statusCode).toBe(415);
  });

  it('answers 413 for a file over 2 MB and accepts one between the JSON body limit and 2 MB', async () => {
    const huge = Buffer.concat([IMAGES['image/png'], Buffer.alloc(3 * 1024 * 1024)]);
    const tooLarge = await upload(t.owner, multipart('logo', 'big.png', 'image/png', huge));
    expect(tooLarge.statusCode).toBe(413);
    const large = Buffer.concat([IMAGES['image/png'], Buffer.alloc(1536 * 1024)]);
    expect((await upload(t.owner, multipart('logo', 'large.png', 'image/png', large))).statusCode).toBe(200);
  });

  it('answers 400 for a wrong field name, no file or an empty file', async () => {
    const wrongField = await upload(t.owner, multipart('image', 'logo.png', 'image/png', IMAGES['image/png']));
    expect(wrongField.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(wrongField).code).toBe('organizations.logo_missing');

    const boundary = 'keelnofile';
    const noFile = await upload(t.owner, {
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="logo"\r\n\r\nnot a file\r\n--${boundary}--\r\n`,
      ),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(noFile.statusCode).toBe(400);
    expect((await upload(t.owner, multipart('logo', 'empty.png', 'image/png', Buffer.alloc(0)))).statusCode).toBe(400);
  });

  it('answers 415 for a request that is not multipart and 400 for a malformed one', async () => {
    const json = await request('POST', '/organizations/current/logo', bearer(t.owner), { logo: 'iVBORw0KGgo=' });
    expect(json.statusCode).toBe(415);
    const malformed = await upload(t.owner, {
      payload: Buffer.from('garbage'),
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('answers 401 without a token and 403 for a member or observer', async () => {
    expect((await upload(null, multipart('logo', 'logo.png', 'image/png', IMAGES['image/png']))).statusCode).toBe(401);
    expect((await uploadImage(t.members.member)).statusCode).toBe(403);
    expect((await uploadImage(t.members.observer)).statusCode).toBe(403);
    expect((await request('DELETE', '/organizations/current/logo')).statusCode).toBe(401);
    expect((await request('DELETE', '/organizations/current/logo', bearer(t.members.member))).statusCode).toBe(403);
  });

  it('answers 404 for an organization without a logo, an unknown id and a malformed id', async () => {
    const fresh = await registerOrganization(t.context.app);
    for (const id of [
      fresh.user.organizationId,
      '00000000-0000-4000-8000-000000000000',
      'not-an-id',
      "x'; drop table organizations; --",
    ]) {
      const response = await t.context.app.inject({
        method: 'GET',
        url: `/api/v1/organizations/${encodeURIComponent(id)}/logo`,
      });
      expect(response.statusCode).toBe(404);
    }
  });

  it('keeps logos apart between organizations', async () => {
    await uploadImage(t.owner, 'image/png');
    expect(organizationOf(await request('GET', '/organizations/current', bearer(t.other))).logo_url).toBeNull();
    expect(
      (await t.context.app.inject({ method: 'GET', url: `/api/v1/organizations/${t.other.user.organizationId}/logo` }))
        .statusCode,
    ).toBe(404);
    // Another organization removing "its" logo leaves this one's alone.
    expect((await request('DELETE', '/organizations/current/logo', bearer(t.other))).statusCode).toBe(200);
    expect(
      (await t.context.app.inject({ method: 'GET', url: `/api/v1/organizations/${t.owner.user.organizationId}/logo` }))
        .statusCode,
    ).toBe(200);
  });

  it('lets an admin remove the logo', async () => {
    await uploadImage(t.owner, 'image/webp');
    const response = await request('DELETE', '/organizations/current/logo', bearer(t.members.admin));
    expect(response.statusCode).toBe(200);
    expect(organizationOf(response).logo_url).toBeNull();
    expect(
      (await t.context.app.inject({ method: 'GET', url: `/api/v1/organizations/${t.owner.user.organizationId}/logo` }))
        .statusCode,
    ).toBe(404);
    expect((await auditActions(t.owner.user.organizationId)).map((row) => row.action)).toContain(
      'organization.logo_removed',
    );
    // Removing again is harmless.
    expect((await request('DELETE', '/organizations/current/logo', bearer(t.members.admin))).statusCode).toBe(200);
  });
});

describe('API description', () => {
  it('still builds the OpenAPI document with every feature route', async () => {
    const response = await t.context.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(bodyOf<{ paths: Record<string, unknown> }>(response).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/organizations/current',
        '/api/v1/organizations/{orgId}/logo',
        '/api/v1/terminology/organizations/{id}',
        '/api/v1/user/ui-state/{key}',
        '/api/v1/subscription/status',
        '/api/v1/feedback',
        '/api/v1/users/departments',
      ]),
    );
  });
});
