import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { createTestApp } from './test-support/test-app.js';

it('dumps the OpenAPI document', async () => {
  const context = await createTestApp();
  const response = await context.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  writeFileSync(process.env.OPENAPI_DUMP ?? '/tmp/dupfold/openapi.json', JSON.stringify(response.json(), null, 1));
  await context.app.close();
});
