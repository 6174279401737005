import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createOneOfEach,
  documentedOperations,
  fillPath,
  idsOf,
  operationName,
  sampleBody,
  sampleQuery,
  sampleValue,
  servedDocument,
  type CreatedIds,
  type IdFor,
  type JsonSchema,
  type Operation,
} from '../test-support/documented-operations.js';
import { bearer, useTenantFixture } from '../test-support/test-app.js';

/**
 * Every documented operation, from the served OpenAPI document, fed what a hostile or broken client sends:
 * empty, wrong-shaped, huge, deeply nested, prototype-polluting and cross-tenant input, and absurd paging.
 * Any of it may be refused (4xx); none of it may answer 5xx.
 */

type Query = Record<string, string | string[]>;

interface Probe {
  name: string;
  url: string;
  query?: Query;
  /** An object is sent as JSON; a string as it is, labelled JSON. */
  payload?: object | string;
}

/**
 * 5xx answers that are decisions, not faults: an SSO provider this server has no settings for answers 503
 * (docs/decisions/0005-single-sign-on.md).
 */
const DELIBERATE_5XX_CODES = new Set(['sso.provider_not_configured']);
const isDeliberate = (body: string) => {
  try {
    return DELIBERATE_5XX_CODES.has((JSON.parse(body) as { code?: string }).code ?? '');
  } catch {
    return false;
  }
};

const BIG = 'x'.repeat(200 * 1024);
const deeplyNested = (depth: number) => {
  let value: Record<string, unknown> = { leaf: true };
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
};
const DEEP = deeplyNested(1000);
const cursorOf = (position: unknown) => Buffer.from(JSON.stringify(position)).toString('base64url');
const GARBAGE_CURSORS = [
  'garbage',
  '%%%',
  cursorOf(null),
  cursorOf({ id: 1 }),
  cursorOf([]),
  cursorOf(['9999-99-99T99:99:99.999999Z', 'not-a-uuid']),
  cursorOf(['0000-00-00T00:00:00.000000Z', randomUUID()]),
  cursorOf([1e308, randomUUID()]),
  cursorOf(['walk', 'walk', 'walk']),
  BIG,
];

/** The main type of a property's schema (the non-null branch of a nullable). */
function typeOf(schema: JsonSchema): string {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return typeOf(branches.find((branch) => branch.type !== 'null') ?? {});
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null') ?? 'null';
  return schema.type ?? 'any';
}

/** A value of another JSON type than the schema's. */
function wrongTypeFor(schema: JsonSchema): unknown {
  switch (typeOf(schema)) {
    case 'string':
      return 12345;
    case 'number':
    case 'integer':
      return 'walk';
    case 'boolean':
      return 'yes';
    case 'array':
      return { 0: 'walk' };
    case 'object':
      return 'walk';
    default:
      return [[[]]];
  }
}

/** The body probes of an operation: whole-body shapes, then each property given bad values in a sample body. */
function bodyProbes(operation: Operation, url: string, own: IdFor, other: IdFor): Probe[] {
  const sample = (sampleBody(operation, own) ?? {}) as Record<string, unknown>;
  const asObject = typeof sample === 'object' && sample !== null && !Array.isArray(sample) ? sample : {};
  const rest = Object.keys(asObject).length > 0 ? `,${JSON.stringify(asObject).slice(1)}` : '}';
  const polluting = `{"__proto__":{"polluted":"yes","isAdmin":true}${rest}`;
  // A route that takes no body only has to get past the parser: the few shapes that test it.
  if (!operation.jsonBody) {
    return [
      { name: '{}', url, payload: {} },
      { name: '[]', url, payload: [] },
      { name: 'null', url, payload: 'null' },
      { name: 'depth 1000', url, payload: DEEP },
      { name: '__proto__', url, payload: polluting },
    ];
  }
  const probes: Probe[] = [
    { name: '{}', url, payload: {} },
    { name: '[]', url, payload: [] },
    { name: 'null', url, payload: 'null' },
    { name: '"text"', url, payload: '"walk"' },
    { name: 'a number', url, payload: '1e309' },
    { name: 'malformed JSON', url, payload: '{"walk":' },
    { name: 'depth 1000', url, payload: DEEP },
    { name: 'a 200 KB string', url, payload: JSON.stringify(BIG) },
    { name: 'unknown keys', url, payload: { ...asObject, walkUnknown: 'x', $where: '1', '': null } },
    { name: '__proto__', url, payload: polluting },
    {
      name: 'constructor.prototype',
      url,
      payload: { ...asObject, constructor: { prototype: { polluted: 'yes' } } },
    },
    { name: "another organization's ids in the body", url, payload: sampleBody(operation, other) ?? {} },
  ];
  const properties = operation.jsonBody.properties ?? {};
  for (const [key, schema] of Object.entries(properties)) {
    const type = typeOf(schema);
    const values: [string, unknown][] = [
      ['a wrong type', wrongTypeFor(schema)],
      ['null', null],
      ['depth 1000', DEEP],
    ];
    // Of the right type, so the value gets past the type check and meets the size and content rules.
    if (type === 'string' || type === 'any') values.push(['a 200 KB string', BIG], ['a NUL character', 'a\u0000b']);
    if (type === 'number' || type === 'integer') values.push(['a huge number', 1e308]);
    if (type === 'array') {
      const item = sampleValue(schema.items ?? {}, own, key.replace(/s$/, ''));
      values.push(['an array of 10,000', Array.from({ length: 10_000 }, () => item)]);
    }
    for (const [name, value] of values)
      probes.push({ name: `${key}: ${name}`, url, payload: { ...asObject, [key]: value } });
  }
  return probes;
}

/** The query probes of a list or read: absurd paging and sorting, and bad values for each documented parameter. */
function queryProbes(operation: Operation, url: string, own: IdFor, other: IdFor): Probe[] {
  const base = sampleQuery(operation, own);
  const probe = (name: string, query: Query): Probe => ({ name, url, query: { ...base, ...query } });
  // An operation without a query string gets them all at once: it must ignore them.
  if (operation.queryParams.length === 0) {
    return [probe('absurd paging', { limit: '-1', cursor: GARBAGE_CURSORS[6]!, sort: 'unknown', walk: BIG })];
  }
  const probes = [
    probe('limit=-1', { limit: '-1' }),
    probe('limit=0', { limit: '0' }),
    probe('limit=1e12', { limit: '1e12' }),
    probe('limit=NaN', { limit: 'NaN' }),
    probe('sort=unknown', { sort: 'unknown' }),
    probe('sort=__proto__', { sort: '__proto__', order: 'sideways' }),
    ...GARBAGE_CURSORS.map((cursor, index) => probe(`garbage cursor ${index}`, { cursor })),
  ];
  for (const parameter of operation.queryParams) {
    const values: [string, string | string[]][] = [
      ['walk', 'walk'],
      ['-1', '-1'],
      ['1e12', '1e12'],
      ['empty', ''],
      ['a 200 KB string', BIG],
      ['repeated', ['walk', '1']],
      ['%_\\ wildcards', '%_\\'],
      ['a NUL character', 'walk\u0000walk'],
      ["another organization's id", other(parameter.name)],
    ];
    for (const [name, value] of values) probes.push(probe(`${parameter.name}=${name}`, { [parameter.name]: value }));
  }
  return probes;
}

describe('hostile input walk', () => {
  const t = useTenantFixture([]);
  let operations: Operation[];
  let own: IdFor;
  let other: IdFor;
  let created: CreatedIds;
  let values: Record<string, string>;

  beforeAll(async () => {
    const { app } = t.context;
    operations = documentedOperations(await servedDocument(app));
    own = await idsOf(t.context, t.owner);
    other = await idsOf(t.context, t.other);
    values = { organizationId: t.owner.user.organizationId, orgId: t.owner.user.organizationId };
    created = await createOneOfEach(app, operations, { values, idFor: own, headers: bearer(t.owner) });
  });

  /**
   * Reads first, then writes, deletions next (a deletion early on would leave the rest nothing to reach), and
   * signing out (which ends the walking session) last of all.
   */
  const endsSession = (operation: Operation) => operation.path.endsWith('/logout');
  const walkOrder = (operation: Operation) =>
    endsSession(operation) ? 9 : ['GET', 'PUT', 'PATCH', 'POST', 'DELETE'].indexOf(operation.method);

  const probesOf = (operation: Operation): Probe[] => {
    const url = fillPath(operation, values, created);
    return [
      {
        name: 'a sample request',
        url,
        query: sampleQuery(operation, own),
        payload: sampleBody(operation, own) as object,
      },
      {
        name: "another organization's id in the path",
        url: fillPath(operation, { organizationId: t.other.user.organizationId }),
        query: sampleQuery(operation, other),
        payload: sampleBody(operation, other) as object,
      },
      {
        name: 'fresh ids in the path',
        url: fillPath(operation, values),
        payload: sampleBody(operation, own) as object,
      },
      ...queryProbes(operation, url, own, other),
      ...(operation.method === 'GET' ? [] : bodyProbes(operation, url, own, other)),
    ];
  };

  const send = (operation: Operation, probe: Probe) =>
    t.context.app.inject({
      method: operation.method,
      url: probe.url,
      ...(probe.query ? { query: probe.query } : {}),
      headers: { ...bearer(t.owner), ...(probe.payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(probe.payload === undefined
        ? {}
        : { payload: typeof probe.payload === 'string' ? probe.payload : JSON.stringify(probe.payload) }),
    });

  it('answers no 5xx to any hostile input on any documented operation', async () => {
    const failures: string[] = [];
    const signedOut: string[] = [];
    let sent = 0;
    const ordered = [...operations].sort((a, b) => walkOrder(a) - walkOrder(b));
    for (const operation of ordered) {
      if (endsSession(operation)) {
        // Everything before the sign-out reached the routes as a signed-in person, not the sign-in wall.
        const profile = await t.context.app.inject({ url: '/api/v1/auth/profile', headers: bearer(t.owner) });
        expect(profile.statusCode).toBe(200);
      }
      for (const probe of probesOf(operation)) {
        const response = await send(operation, probe);
        sent += 1;
        const name = `${operationName(operation)} with ${probe.name}`;
        if (response.statusCode >= 500 && !isDeliberate(response.body)) {
          failures.push(`${name}: ${response.statusCode} ${response.body.slice(0, 300)}`);
        }
        if (response.statusCode === 401 && !operation.isPublic && !endsSession(operation)) signedOut.push(name);
        // An upload reads multipart/form-data only: JSON is refused, whatever it holds.
        if (operation.multipart && probe.payload !== undefined && response.statusCode < 400) {
          failures.push(`${name}: ${response.statusCode} to JSON sent to an upload`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(signedOut).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(sent).toBeGreaterThan(1000);
  }, 120_000);
});
