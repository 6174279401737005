import { expect, test } from './support/test.js';
import { API } from './support/app.js';

test.describe('security headers and API documents', () => {
  test("the document of / carries a CSP with frame-ancestors 'none' and nosniff", async ({ page }) => {
    const response = await page.goto('/');
    expect(response).not.toBeNull();
    const headers = response?.headers() ?? {};
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toMatch(/(^|;)\s*frame-ancestors 'none'\s*(;|$)/);
    expect(csp).toMatch(/(^|;)\s*script-src 'self'\s*(;|$)/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    // A deep link (served by the single-page fallback) carries the same headers.
    const deep = await page.request.get('/dashboard');
    expect(deep.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(deep.headers()['x-content-type-options']).toBe('nosniff');
  });

  test('GET /api/v1/openapi.json answers an OpenAPI 3.1 document', async ({ request }) => {
    const response = await request.get(`${API}/openapi.json`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/json');
    const document = (await response.json()) as {
      openapi?: string;
      info?: { title?: string };
      paths?: Record<string, unknown>;
    };
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.info?.title).toBeTruthy();
    expect(Object.keys(document.paths ?? {})).toEqual(
      expect.arrayContaining([`${API}/auth/login`, `${API}/auth/register`]),
    );
  });

  test('/api/v1/docs renders the documentation without CSP errors in the console', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /content security policy/i.test(message.text()))
        problems.push(`[${message.type()}] ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`[pageerror] ${error.message}`));
    const response = await page.goto(`${API}/docs`);
    expect(response?.status()).toBe(200);
    // Swagger UI draws the API's title and its operations.
    await expect(page.getByRole('heading', { name: /Keel API/ })).toBeVisible();
    await expect(page.getByText('/api/v1/auth/login').first()).toBeVisible();
    expect(
      problems.filter((line) => /content security policy|refused to/i.test(line)),
      problems.join('\n'),
    ).toEqual([]);
  });
});
