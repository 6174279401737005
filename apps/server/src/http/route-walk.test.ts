import { beforeAll, describe, expect, it } from 'vitest';
import {
  createOneOfEach,
  documentedOperations,
  fillPath,
  idsOf,
  organizationParam,
  operationName,
  sampleBody,
  sampleQuery,
  servedDocument,
  type IdFor,
  type Operation,
} from '../test-support/documented-operations.js';
import { bearer, multipart, useTenantFixture } from '../test-support/test-app.js';

/**
 * Every documented operation, walked from the served OpenAPI document: none but the public ones answers
 * without a token, and none below /organizations/{organizationId} lets a person into another organization.
 */
describe('route walk: authentication and tenancy', () => {
  const t = useTenantFixture([]);
  let operations: Operation[];

  beforeAll(async () => {
    operations = documentedOperations(await servedDocument(t.context.app));
  });

  const send = (operation: Operation, url: string, idFor: IdFor, headers: Record<string, string>) => {
    if (operation.multipart) {
      const upload = multipart('file', 'walk.csv', 'text/csv', Buffer.from('Title\nwalk\n'));
      return t.context.app.inject({
        method: operation.method,
        url,
        query: sampleQuery(operation, idFor),
        headers: { ...headers, ...upload.headers },
        payload: upload.payload,
      });
    }
    const body = sampleBody(operation, idFor);
    return t.context.app.inject({
      method: operation.method,
      url,
      query: sampleQuery(operation, idFor),
      headers,
      ...(body === undefined ? {} : { payload: body as object }),
    });
  };

  it('documents the routes it walks, public ones with security: [] and the rest with the bearer scheme', () => {
    expect(operations.length).toBeGreaterThan(100);
    const login = operations.find((operation) => operationName(operation) === 'POST /api/v1/auth/login');
    expect(login?.isPublic).toBe(true);
    const todos = operations.find(
      (operation) => operationName(operation) === 'GET /api/v1/organizations/{organizationId}/todos',
    );
    expect(todos?.isPublic).toBe(false);
  });

  it('answers 401 without a token on every non-public operation', async () => {
    const idFor = await idsOf(t.context, t.owner);
    const failures: string[] = [];
    const walked = operations.filter((operation) => !operation.isPublic);
    for (const operation of walked) {
      const url = fillPath(operation, { organizationId: t.owner.user.organizationId });
      const response = await send(operation, url, idFor, {});
      if (response.statusCode !== 401) failures.push(`${operationName(operation)}: ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
    expect(walked.length).toBeGreaterThan(100);
  });

  it("answers 404 to another organization's id (and its objects' ids) on every organization route", async () => {
    const { app } = t.context;
    // The other organization's own objects, one of each kind, so the path names things that exist there.
    const otherIds = await idsOf(t.context, t.other);
    const values = { organizationId: t.other.user.organizationId, userId: t.other.user.id };
    const created = await createOneOfEach(app, operations, { values, idFor: otherIds, headers: bearer(t.other) });
    expect(created.size).toBeGreaterThan(5);

    const failures: string[] = [];
    // The public ones (an organization's logo on the sign-in page) are open to anyone by design.
    const walked = operations.filter((operation) => !operation.isPublic && organizationParam(operation));
    for (const operation of walked) {
      const url = fillPath(operation, { ...values, [organizationParam(operation)!]: values.organizationId }, created);
      const response = await send(operation, url, otherIds, bearer(t.owner));
      if (response.statusCode !== 404) {
        failures.push(`${operationName(operation)}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(walked.length).toBeGreaterThan(80);
  });
});
