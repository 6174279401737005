import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Session } from '@keel/contract';
import { addTeam, leadershipTeamOf } from './team-fixtures.js';
import type { TestContext } from './test-app.js';

/**
 * Every operation of the served OpenAPI document, for the suites that walk all routes (route-walk, hostile
 * input): a route added tomorrow is walked without anyone listing it.
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
};

interface DocumentParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

interface DocumentOperation {
  security?: Record<string, string[]>[];
  parameters?: DocumentParameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; description?: string };
  paths: Record<string, Record<string, DocumentOperation>>;
  components?: { schemas?: Record<string, JsonSchema>; securitySchemes?: Record<string, unknown> };
  security?: Record<string, string[]>[];
}

export type OperationMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Operation {
  method: OperationMethod;
  /** The document's path, e.g. /api/v1/organizations/{organizationId}/todos/{id}. */
  path: string;
  /** `security: []`: reachable without a token. */
  isPublic: boolean;
  pathParams: DocumentParameter[];
  queryParams: DocumentParameter[];
  /** The JSON request body's schema, $refs resolved; absent when the operation takes none. */
  jsonBody?: JsonSchema;
  /** The upload routes (multipart/form-data), whose bodies the handlers read themselves. */
  multipart: boolean;
}

/** The method and document path of an operation, as a failure names it. */
export const operationName = (operation: Pick<Operation, 'method' | 'path'>) => `${operation.method} ${operation.path}`;

export async function servedDocument(app: FastifyInstance): Promise<OpenApiDocument> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  if (response.statusCode !== 200) throw new Error(`openapi.json answered ${response.statusCode}`);
  return response.json<OpenApiDocument>();
}

/** Replaces `$ref`s to components with the component (recursive ones once, then as an open schema). */
function resolveRefs(schema: JsonSchema, document: OpenApiDocument, seen: readonly string[] = []): JsonSchema {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = document.components?.schemas?.[name];
    if (!target || seen.includes(name)) return {};
    return resolveRefs(target, document, [...seen, name]);
  }
  const result: JsonSchema = { ...schema };
  if (schema.properties) {
    result.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [key, resolveRefs(value, document, seen)]),
    );
  }
  if (schema.items) result.items = resolveRefs(schema.items, document, seen);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = schema[key];
    if (list) result[key] = list.map((entry) => resolveRefs(entry, document, seen));
  }
  return result;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function documentedOperations(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!METHODS.has(method)) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      operations.push({
        method: method.toUpperCase() as OperationMethod,
        path,
        isPublic: Array.isArray(operation.security) && operation.security.length === 0,
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        queryParams: parameters.filter((parameter) => parameter.in === 'query'),
        ...(json ? { jsonBody: resolveRefs(json, document) } : {}),
        multipart: 'multipart/form-data' in content,
      });
    }
  }
  return operations;
}

/**
 * The path parameter that names an organization (`/organizations/{organizationId}/…`, and the terminology
 * routes' `/organizations/{id}`), if any: another organization's id there must read as absent.
 */
export const organizationParam = (operation: Operation): string | undefined =>
  /\/organizations\/\{([^}]+)\}/.exec(operation.path)?.[1];

/** Ids of objects made through the create routes, by the document path of their collection. */
export type CreatedIds = ReadonlyMap<string, string>;

/**
 * The URL of `operation` with its path parameters filled in: `values` by parameter name (an organization's
 * id, say), then the id of an object `created` in the collection the parameter follows, otherwise a fresh
 * uuid for uuid parameters, the first value of an enum, or a harmless word.
 */
export function fillPath(operation: Operation, values: Record<string, string> = {}, created?: CreatedIds): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_match, name: string, offset: number) => {
    const value = values[name] ?? created?.get(operation.path.slice(0, offset - 1));
    if (value !== undefined) return encodeURIComponent(value);
    const schema = operation.pathParams.find((parameter) => parameter.name === name)?.schema ?? {};
    if (schema.format === 'uuid') return randomUUID();
    if (schema.enum?.length) return encodeURIComponent(String(schema.enum[0]));
    if (schema.type === 'integer' || schema.type === 'number') return String(Math.max(1, schema.minimum ?? 1));
    // A patterned parameter (a period's first day, say) gets a value of one of the usual shapes.
    const shaped = schema.pattern
      ? patternCandidates().find((candidate) => new RegExp(schema.pattern!).test(candidate))
      : undefined;
    if (shaped !== undefined) return encodeURIComponent(shaped);
    return encodeURIComponent('walk'.padEnd(schema.minLength ?? 0, 'x'));
  });
}

/** Ids a sample body uses, by property name: the caller's team and user, say. */
export type IdFor = (propertyName: string) => string;

/**
 * The ids of `session`'s organization by a property's name: its leadership team (a second team for the
 * receiving side, `toTeamIds`), its owner for people, a fresh uuid for the rest.
 */
export async function idsOf(context: TestContext, session: Session): Promise<IdFor> {
  const teamId = await leadershipTeamOf(context, session);
  const secondTeamId = await addTeam(context, session, `Walk ${randomUUID().slice(0, 8)}`, [session.user.id]);
  return (name) => {
    if (/^to.*team/i.test(name)) return secondTeamId;
    if (/team|department/i.test(name)) return teamId;
    if (/owner|user|member|assignee|actor/i.test(name)) return session.user.id;
    return randomUUID();
  };
}

const today = () => new Date().toISOString().slice(0, 10);
const patternCandidates = () => ['walk', today(), '#336699', `${'a'.repeat(24)}.png`, '09:30', 'walk-1', 'a1'];

/** The first type of a schema that is not null (`anyOf` of a nullable, or `type: [x, 'null']`). */
function mainBranch(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return mainBranch(branches.find((branch) => branch.type !== 'null') ?? branches[0] ?? {});
  if (Array.isArray(schema.type)) return { ...schema, type: schema.type.find((type) => type !== 'null') };
  return schema;
}

/**
 * A value the schema accepts, as a client would send it: required properties only, uuids from `idFor`
 * (by the property's name), strings that match a pattern when one of a few usual shapes does.
 */
export function sampleValue(schema: JsonSchema, idFor: IdFor, name = ''): unknown {
  const main = mainBranch(schema);
  if (main.const !== undefined) return main.const;
  if (main.enum?.length) return main.enum[0];
  switch (main.type) {
    case 'object': {
      const body: Record<string, unknown> = {};
      for (const key of main.required ?? []) body[key] = sampleValue(main.properties?.[key] ?? {}, idFor, key);
      return body;
    }
    case 'array': {
      const count = Math.max(main.minItems ?? 0, /ids$/i.test(name) ? 1 : 0);
      return Array.from({ length: count }, () => sampleValue(main.items ?? {}, idFor, name.replace(/s$/, '')));
    }
    case 'integer':
    case 'number':
      return Math.max(main.minimum ?? 1, Math.min(main.maximum ?? 1, 1));
    case 'boolean':
      return false;
    case 'string':
      return sampleString(main, idFor, name);
    default:
      return 'walk';
  }
}

function sampleString(schema: JsonSchema, idFor: IdFor, name: string): string {
  if (schema.format === 'uuid') return idFor(name);
  if (schema.format === 'email') return `walk.${randomUUID().slice(0, 8)}@example.com`;
  if (schema.format === 'date-time') return new Date().toISOString();
  if (schema.format === 'date') return today();
  if (schema.format === 'uri') return 'https://example.com/walk';
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const match = patternCandidates().find((candidate) => pattern.test(candidate));
    if (match) return match;
  }
  return 'walk'.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? Number.MAX_SAFE_INTEGER);
}

/** The request body a client would send to `operation` (undefined when it takes none). */
export const sampleBody = (operation: Operation, idFor: IdFor) =>
  operation.jsonBody ? sampleValue(operation.jsonBody, idFor) : undefined;

/** The required query parameters of `operation`, as sample values. */
export function sampleQuery(operation: Operation, idFor: IdFor): Record<string, string> {
  const query: Record<string, string> = {};
  for (const parameter of operation.queryParams) {
    if (parameter.required) query[parameter.name] = String(sampleValue(parameter.schema ?? {}, idFor, parameter.name));
  }
  return query;
}

/**
 * Makes one object through every documented create route (a POST to a collection whose items have a path of
 * their own), parents first, as `headers`' caller with sample bodies: the walks then reach real objects.
 */
export async function createOneOfEach(
  app: FastifyInstance,
  operations: readonly Operation[],
  options: { values: Record<string, string>; idFor: IdFor; headers: Record<string, string> },
): Promise<Map<string, string>> {
  const created = new Map<string, string>();
  const paths = operations.map((operation) => operation.path);
  const creates = operations
    .filter((operation) => operation.method === 'POST' && operation.jsonBody && !operation.path.endsWith('}'))
    .filter((operation) => paths.some((path) => path.startsWith(`${operation.path}/{`)))
    .sort((a, b) => a.path.split('/').length - b.path.split('/').length);
  for (const operation of creates) {
    const response = await app.inject({
      method: 'POST',
      url: fillPath(operation, options.values, created),
      headers: options.headers,
      payload: sampleBody(operation, options.idFor) as object,
    });
    // Some create routes answer the list they made (one to-do per owner, say): the first is enough.
    const data = response.statusCode < 300 ? response.json<{ data?: unknown }>().data : undefined;
    const id = ((Array.isArray(data) ? data[0] : data) as { id?: unknown } | undefined)?.id;
    if (typeof id === 'string') created.set(operation.path, id);
  }
  return created;
}
