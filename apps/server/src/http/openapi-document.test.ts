import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { servedDocument, type OpenApiDocument } from '../test-support/documented-operations.js';
import { useAuthSuite } from '../test-support/test-app.js';

describe('GET /api/v1/openapi.json', () => {
  const { context } = useAuthSuite();
  let document: OpenApiDocument;

  beforeAll(async () => {
    document = await servedDocument(context.app);
  });

  it('is a valid OpenAPI 3.1 document, every $ref resolving, by an independent validator', async () => {
    const validator = new Validator();
    // A copy: the validator may annotate what it is given.
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result).toEqual({ valid: true });
    expect(validator.version).toBe('3.1');
  });

  it('says which operations are public (security: []) and leaves the rest to the global bearer scheme', () => {
    expect(document.components?.securitySchemes).toEqual({
      bearerAuth: { type: 'http', scheme: 'bearer', description: expect.stringContaining('API key') as unknown },
    });
    expect(document.info.description).toContain('Authorization: Bearer keel_');
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    for (const [path, method] of [
      ['/api/v1/auth/login', 'post'],
      ['/api/v1/auth/register', 'post'],
      ['/api/v1/health', 'get'],
      ['/api/v1/invitations/{token}', 'get'],
    ] as const) {
      expect(document.paths[path]?.[method]?.security, `${method} ${path}`).toEqual([]);
    }
    for (const [path, method] of [
      ['/api/v1/organizations/{organizationId}/todos', 'get'],
      ['/api/v1/organizations/{organizationId}/todos', 'post'],
      ['/api/v1/auth/profile', 'put'],
    ] as const) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation?.security ?? document.security, `${method} ${path}`).toEqual([{ bearerAuth: [] }]);
    }
  });

  it('describes the uploads as multipart/form-data request bodies', () => {
    const upload = document.paths['/api/v1/auth/profile/avatar']?.post;
    expect(Object.keys(upload?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
  });
});
