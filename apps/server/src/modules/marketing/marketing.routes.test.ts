import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_MARKETING_CLAIMS, type MarketingContent } from '@keel/contract';
import { createTestApp, type TestContext } from '../../test-support/test-app.js';
import { loadMarketingContent } from './marketing-content.js';

const directory = mkdtempSync(path.join(tmpdir(), 'keel-marketing-'));
const contentFile = (name: string, text: string) => {
  const file = path.join(directory, name);
  writeFileSync(file, text);
  return file;
};

const OPERATOR_CLAIMS = {
  testimonials: [
    { quote: 'We run our weekly meeting on it.', role: 'Chief Executive Officer', rating: 5 },
    { quote: 'Adoption took days.', role: 'COO', name: 'Sam Lee', company: 'Acme', rating: 4 },
  ],
  soc2Type2: 'Audited against SOC 2 Type II by an independent firm in 2026.',
  aggregateRating: { ratingValue: 4.8, ratingCount: 127 },
  patentPending: 'Patent pending (application 12/345,678).',
};

let context: TestContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

const servedContent = async (env: Record<string, string>) => {
  context = await createTestApp(env);
  const response = await context.app.inject({ method: 'GET', url: '/api/v1/marketing-content' });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: MarketingContent }>().data;
};

describe('GET /marketing-content', () => {
  it('claims nothing without a content file, to anyone without a token', async () => {
    expect(await servedContent({})).toEqual(NO_MARKETING_CLAIMS);
  });

  it('serves the operator’s claims from MARKETING_CONTENT_FILE', async () => {
    const file = contentFile('claims.json', JSON.stringify(OPERATOR_CLAIMS));
    expect(await servedContent({ MARKETING_CONTENT_FILE: file })).toEqual(OPERATOR_CLAIMS);
  });

  it('leaves out what a partial file does not set', async () => {
    const file = contentFile('partial.json', JSON.stringify({ patentPending: 'Patent pending.' }));
    expect(await servedContent({ MARKETING_CONTENT_FILE: file })).toEqual({
      ...NO_MARKETING_CLAIMS,
      patentPending: 'Patent pending.',
    });
  });

  it('refuses to start on an invalid content file', async () => {
    const file = contentFile(
      'invalid.json',
      JSON.stringify({ testimonials: [{ quote: 'Great', role: 'CEO', rating: 6 }] }),
    );
    await expect(createTestApp({ MARKETING_CONTENT_FILE: file })).rejects.toThrow(
      /MARKETING_CONTENT_FILE .*invalid\.json/,
    );
  });
});

describe('loadMarketingContent', () => {
  it('names the file and the field that is wrong', () => {
    const outOfRange = contentFile(
      'rating.json',
      JSON.stringify({ aggregateRating: { ratingValue: 7, ratingCount: 3 } }),
    );
    expect(() => loadMarketingContent(outOfRange)).toThrow(
      /rating\.json does not match[\s\S]*aggregateRating\.ratingValue/,
    );
  });

  it('refuses a misspelt key rather than dropping the claim silently', () => {
    const misspelt = contentFile('misspelt.json', JSON.stringify({ testimonails: [] }));
    expect(() => loadMarketingContent(misspelt)).toThrow(/testimonails/);
  });

  it('refuses a file that is not JSON or cannot be read', () => {
    expect(() => loadMarketingContent(contentFile('broken.json', '{ "soc2Type2": '))).toThrow(
      /broken\.json is not valid JSON/,
    );
    expect(() => loadMarketingContent(path.join(directory, 'missing.json'))).toThrow(/missing\.json cannot be read/);
  });

  it('accepts the example documented for operators', () => {
    const example = fileURLToPath(new URL('../../../../../docs/marketing-content.example.json', import.meta.url));
    expect(loadMarketingContent(example).testimonials).toHaveLength(1);
  });

  it('treats an unset file as no claims', () => {
    expect(loadMarketingContent(undefined)).toEqual(NO_MARKETING_CLAIMS);
  });
});
