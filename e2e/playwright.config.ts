import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NO_MAIL_PORT } from './support/no-mail-server.js';
import { BILLING_PORT, STRIPE_STAND_IN_PORT } from './support/billing-server.js';
import { STAND_IN_PRICES, STAND_IN_WEBHOOK_SECRET } from '../apps/server/src/test-support/stripe-stand-in-settings.js';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 3917);
// Workers re-load this file: the first load picks the data folder and the others inherit it.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'keel-e2e-'));
process.env.E2E_NO_MAIL_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'keel-e2e-no-mail-'));
process.env.E2E_BILLING_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'keel-e2e-billing-'));

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // A local SMTP capture the server delivers to (support/mailbox.ts reads it): no test-only route.
  globalSetup: './support/global-setup.ts',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: path.join(repositoryRoot, 'test-results'),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  webServer: [
    {
      command: 'node apps/server/dist/main.js',
      cwd: repositoryRoot,
      url: `http://127.0.0.1:${port}/api/v1/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        APP_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        // The integrations journey's webhook receiver runs on this machine.
        WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
        SMTP_URL: `smtp://127.0.0.1:${Number(process.env.E2E_SMTP_PORT ?? port + 1)}?ignoreTLS=true`,
        // Google is played by the local provider of support/oidc-provider.ts; Microsoft stays unconfigured.
        GOOGLE_CLIENT_ID: 'keel-e2e-google',
        GOOGLE_CLIENT_SECRET: 'e2e-secret',
        GOOGLE_ISSUER_URL: `http://localhost:${Number(process.env.E2E_OIDC_PORT ?? port + 2)}`,
      },
    },
    // The same app with mail not set up (no SMTP_URL: mails are only logged), on its own data folder:
    // invitations-without-mail.spec.ts opens it by its own base URL.
    {
      command: 'node apps/server/dist/main.js',
      cwd: repositoryRoot,
      url: `http://127.0.0.1:${NO_MAIL_PORT}/api/v1/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(NO_MAIL_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_NO_MAIL_DATA_DIR,
        APP_URL: `http://127.0.0.1:${NO_MAIL_PORT}`,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      },
    },
    // Stripe, played on this machine (billing.spec.ts pays and cancels on its pages).
    {
      command: 'npx tsx e2e/support/stripe-stand-in-server.ts',
      cwd: repositoryRoot,
      url: `http://127.0.0.1:${STRIPE_STAND_IN_PORT}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    // The same app billing through that Stripe, on its own data folder: billing.spec.ts opens it.
    {
      command: 'node apps/server/dist/main.js',
      cwd: repositoryRoot,
      url: `http://127.0.0.1:${BILLING_PORT}/api/v1/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(BILLING_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_BILLING_DATA_DIR,
        APP_URL: `http://127.0.0.1:${BILLING_PORT}`,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        STRIPE_SECRET_KEY: 'sk_test_keel_stand_in',
        STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
        STRIPE_PRICE_STARTER_MONTHLY: STAND_IN_PRICES.starterMonthly,
        STRIPE_PRICE_GROWTH_MONTHLY: STAND_IN_PRICES.growthMonthly,
        STRIPE_API_URL: `http://127.0.0.1:${STRIPE_STAND_IN_PORT}`,
      },
    },
  ],
});
