import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { API_KEY_RATE_LIMIT_PER_MINUTE, ASSISTANT_MONTHLY_MODEL_REQUESTS_DEFAULT } from '@keel/contract';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  APP_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Keel <no-reply@keel.local>'),
  /** Billing (Stripe): all four of the key, the webhook secret and the two monthly prices, or billing is off. */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_STARTER_MONTHLY: z.string().optional(),
  STRIPE_PRICE_GROWTH_MONTHLY: z.string().optional(),
  STRIPE_PRICE_STARTER_ANNUAL: z.string().optional(),
  STRIPE_PRICE_GROWTH_ANNUAL: z.string().optional(),
  /** Stripe's API address: its own unless a test or a proxy stands in for it (protocol, host and port are used). */
  STRIPE_API_URL: z.string().url().default('https://api.stripe.com'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER_URL: z.string().url().default('https://accounts.google.com'),
  GOOGLE_REDIRECT_URI: z.string().url().optional(),
  /** A tenant id or domain: the issuer Keel checks must be one tenant's (see docs/decisions/0005). */
  MICROSOFT_TENANT: z
    .string()
    .regex(/^[\w.-]+$/)
    .optional(),
  MICROSOFT_ISSUER_URL: z.string().url().optional(),
  MICROSOFT_REDIRECT_URI: z.string().url().optional(),
  /** The cloud drives' addresses: the providers' own unless a test or an on-premises proxy stands in for them. */
  GOOGLE_OAUTH_AUTHORIZE_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_OAUTH_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_DRIVE_API_URL: z.string().url().default('https://www.googleapis.com/'),
  MICROSOFT_LOGIN_URL: z.string().url().default('https://login.microsoftonline.com'),
  MICROSOFT_GRAPH_URL: z.string().url().default('https://graph.microsoft.com'),
  /** PostHog's project key: set, product events are also sent there (after they are recorded here). */
  POSTHOG_API_KEY: z.string().optional(),
  POSTHOG_HOST: z.string().url().default('https://us.i.posthog.com'),
  /** Error reporting (Sentry): without a DSN nothing is reported and no reporting code runs. */
  SENTRY_DSN: z.preprocess((value) => (value === '' ? undefined : value), z.string().url().optional()),
  SENTRY_ENVIRONMENT: z.string().min(1).optional(),
  SENTRY_RELEASE: z.string().min(1).optional(),
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** How long a process trusts that a signed-in session was not ended elsewhere (sign-out, password change). */
  SESSION_CHECK_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: booleanFromEnv,
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(API_KEY_RATE_LIMIT_PER_MINUTE),
  TRUST_PROXY: booleanFromEnv,
  /** A JSON file of the marketing claims the operator can back (testimonials, SOC 2, rating, patent notice). */
  MARKETING_CONTENT_FILE: z.string().min(1).optional(),
  /** When the embedded database is backed up (cron, UTC), and how many backups are kept. */
  BACKUP_CRON: z.string().min(9).default('0 3 * * *'),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(7),
  /** The Bearer token Prometheus sends to GET /metrics; without it the server keeps no metrics. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** The priority assistant's language model: without a provider, base URL (OpenAI-compatible) and name, none is used. */
  ASSISTANT_MODEL_PROVIDER: z.enum(['openai-compatible', 'anthropic']).optional(),
  ASSISTANT_MODEL_BASE_URL: z.preprocess((value) => (value === '' ? undefined : value), z.string().url().optional()),
  ASSISTANT_MODEL_API_KEY: z.string().optional(),
  ASSISTANT_MODEL_NAME: z.string().optional(),
  ASSISTANT_MODEL_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  ASSISTANT_MONTHLY_REQUESTS: z.coerce.number().int().min(0).default(ASSISTANT_MONTHLY_MODEL_REQUESTS_DEFAULT),
  ASSISTANT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  appUrl: string;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  webDistDir: string | undefined;
  logLevel: string;
  authRateLimitPerMinute: number;
  sessionCheckSeconds: number;
  apiKeyRateLimitPerMinute: number;
  trustProxy: boolean;
  /** Webhooks may reach loopback and private addresses (tests, on-premises receivers). */
  webhooksAllowPrivateAddresses: boolean;
  /** Absent: the product makes none of those claims. Read once at start (see modules/marketing). */
  marketingContentFile: string | undefined;
  /** Backups of the embedded database under DATA_DIR/backups (decision 0009). */
  backups: { cron: string; keep: number };
  /** Absent: no metrics are kept and GET /metrics answers 404. */
  metricsToken: string | undefined;
  /** Absent: product events stay in the database and nothing is sent to PostHog. */
  posthog: { apiKey: string; host: string } | undefined;
  /** Absent: no error is reported anywhere, by the server or the browser. */
  errorReporting: ErrorReporterSettings | undefined;
  /** Absent: billing says it is not configured, and no trial end, seat limit or read-only state applies. */
  billing: BillingSettings | undefined;
  /** The priority assistant's limits, and its model (absent: every answer comes from the offline engine). */
  assistant: AssistantSettings;
  oidc: {
    google: OidcProviderConfig | undefined;
    microsoft: OidcProviderConfig | undefined;
  };
  /** Files (issue 15): uploads are spooled under `tmpDir` before they reach the organization's storage. */
  storage: {
    tmpDir: string;
    googleDrive: StorageOAuthConfig | undefined;
    microsoft: StorageOAuthConfig | undefined;
  };
}

/** Where server and browser errors go (Sentry); the browser learns it from `GET /client-config`. */
export interface ErrorReporterSettings {
  dsn: string;
  /** SENTRY_ENVIRONMENT, else NODE_ENV. */
  environment: string;
  release: string | undefined;
}

/** Stripe's settings (issue 17): the secret key, the webhook signing secret, the price of each plan and interval. */
export interface BillingSettings {
  secretKey: string;
  webhookSecret: string;
  prices: {
    starter: { month: string; year: string | undefined };
    growth: { month: string; year: string | undefined };
  };
  api: { protocol: 'http' | 'https'; host: string; port: number };
}

function billingSettings(parsed: z.infer<typeof envSchema>): BillingSettings | undefined {
  const secretKey = parsed.STRIPE_SECRET_KEY?.trim();
  const webhookSecret = parsed.STRIPE_WEBHOOK_SECRET?.trim();
  const starter = parsed.STRIPE_PRICE_STARTER_MONTHLY?.trim();
  const growth = parsed.STRIPE_PRICE_GROWTH_MONTHLY?.trim();
  if (!secretKey || !webhookSecret || !starter || !growth) return undefined;
  const api = new URL(parsed.STRIPE_API_URL);
  const protocol = api.protocol === 'http:' ? 'http' : 'https';
  return {
    secretKey,
    webhookSecret,
    prices: {
      starter: { month: starter, year: parsed.STRIPE_PRICE_STARTER_ANNUAL?.trim() || undefined },
      growth: { month: growth, year: parsed.STRIPE_PRICE_GROWTH_ANNUAL?.trim() || undefined },
    },
    api: { protocol, host: api.hostname, port: api.port ? Number(api.port) : protocol === 'http' ? 80 : 443 },
  };
}

/** The language model the priority assistant may use (issue 18), and what one organization may ask of it. */
export interface AssistantSettings {
  model: AssistantModelSettings | undefined;
  /** Model requests an organization may make in a calendar month (UTC). */
  monthlyRequests: number;
  /** Model requests an organization may make per minute (counted in this process). */
  rateLimitPerMinute: number;
}

export interface AssistantModelSettings {
  provider: 'openai-compatible' | 'anthropic';
  /** OpenAI-compatible: required (OpenAI, Azure OpenAI, Ollama, vLLM); Anthropic: its own unless set. */
  baseUrl: string | undefined;
  apiKey: string | undefined;
  name: string;
  timeoutMs: number;
}

function assistantSettings(parsed: z.infer<typeof envSchema>): AssistantSettings {
  const provider = parsed.ASSISTANT_MODEL_PROVIDER;
  const name = parsed.ASSISTANT_MODEL_NAME?.trim();
  const baseUrl = parsed.ASSISTANT_MODEL_BASE_URL;
  const apiKey = parsed.ASSISTANT_MODEL_API_KEY?.trim() || undefined;
  const configured =
    provider !== undefined &&
    name !== undefined &&
    name !== '' &&
    (provider === 'openai-compatible' ? baseUrl !== undefined : apiKey !== undefined);
  return {
    model: configured ? { provider, baseUrl, apiKey, name, timeoutMs: parsed.ASSISTANT_MODEL_TIMEOUT_MS } : undefined,
    monthlyRequests: parsed.ASSISTANT_MONTHLY_REQUESTS,
    rateLimitPerMinute: parsed.ASSISTANT_RATE_LIMIT_PER_MINUTE,
  };
}

/** A cloud drive's OAuth client and addresses; absent when the server has no client id and secret for it. */
export interface StorageOAuthConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** Google: the Drive API's root; Microsoft: Graph's. */
  apiUrl: string;
  /** Where the provider sends the administrator back: the server's storage callback. */
  redirectUri: string;
}

export interface OidcProviderConfig {
  clientId: string;
  clientSecret: string;
  issuerUrl: string;
  /** Where the provider sends the browser back: the web's SSO callback page. */
  redirectUri: string;
}

/** The JWT secret survives restarts without configuration: generated once and kept beside the data. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function oidcProvider(
  id: string | undefined,
  secret: string | undefined,
  issuerUrl: string | undefined,
  redirectUri: string,
): OidcProviderConfig | undefined {
  return id && secret && issuerUrl ? { clientId: id, clientSecret: secret, issuerUrl, redirectUri } : undefined;
}

/** The only reader of process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.parse(env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  const appUrl = parsed.APP_URL ?? `http://localhost:${parsed.PORT}`;
  const callbackUrl = `${appUrl.replace(/\/$/, '')}/auth/callback`;
  const storageCallbackUrl = `${appUrl.replace(/\/$/, '')}/api/v1/storage/oauth/callback`;
  const microsoftLogin = `${parsed.MICROSOFT_LOGIN_URL.replace(/\/$/, '')}/${parsed.MICROSOFT_TENANT ?? 'organizations'}/oauth2/v2.0`;
  // Microsoft's multi-tenant issuers are templates no signature check can match: one tenant is required.
  const microsoftIssuer =
    parsed.MICROSOFT_ISSUER_URL ??
    (parsed.MICROSOFT_TENANT ? `https://login.microsoftonline.com/${parsed.MICROSOFT_TENANT}/v2.0` : undefined);
  return {
    env: parsed.NODE_ENV,
    port: parsed.PORT,
    host: parsed.HOST,
    databaseUrl: parsed.DATABASE_URL,
    dataDir,
    appUrl,
    jwtSecret: parsed.JWT_SECRET ?? readOrCreateSecret(dataDir),
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    webDistDir: parsed.WEB_DIST_DIR,
    logLevel: parsed.LOG_LEVEL,
    authRateLimitPerMinute: parsed.AUTH_RATE_LIMIT_PER_MINUTE,
    sessionCheckSeconds: parsed.SESSION_CHECK_SECONDS,
    apiKeyRateLimitPerMinute: parsed.API_KEY_RATE_LIMIT_PER_MINUTE,
    trustProxy: parsed.TRUST_PROXY,
    webhooksAllowPrivateAddresses: parsed.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES,
    marketingContentFile: parsed.MARKETING_CONTENT_FILE,
    backups: { cron: parsed.BACKUP_CRON, keep: parsed.BACKUP_KEEP },
    metricsToken: parsed.METRICS_TOKEN,
    posthog: parsed.POSTHOG_API_KEY?.trim()
      ? { apiKey: parsed.POSTHOG_API_KEY.trim(), host: parsed.POSTHOG_HOST }
      : undefined,
    errorReporting: parsed.SENTRY_DSN
      ? {
          dsn: parsed.SENTRY_DSN,
          environment: parsed.SENTRY_ENVIRONMENT ?? parsed.NODE_ENV,
          release: parsed.SENTRY_RELEASE,
        }
      : undefined,
    billing: billingSettings(parsed),
    assistant: assistantSettings(parsed),
    oidc: {
      google: oidcProvider(
        parsed.GOOGLE_CLIENT_ID,
        parsed.GOOGLE_CLIENT_SECRET,
        parsed.GOOGLE_ISSUER_URL,
        parsed.GOOGLE_REDIRECT_URI ?? callbackUrl,
      ),
      microsoft: oidcProvider(
        parsed.MICROSOFT_CLIENT_ID,
        parsed.MICROSOFT_CLIENT_SECRET,
        microsoftIssuer,
        parsed.MICROSOFT_REDIRECT_URI ?? callbackUrl,
      ),
    },
    storage: {
      tmpDir: path.join(dataDir, 'tmp'),
      googleDrive:
        parsed.GOOGLE_CLIENT_ID && parsed.GOOGLE_CLIENT_SECRET
          ? {
              clientId: parsed.GOOGLE_CLIENT_ID,
              clientSecret: parsed.GOOGLE_CLIENT_SECRET,
              authorizeUrl: parsed.GOOGLE_OAUTH_AUTHORIZE_URL,
              tokenUrl: parsed.GOOGLE_OAUTH_TOKEN_URL,
              apiUrl: parsed.GOOGLE_DRIVE_API_URL,
              redirectUri: storageCallbackUrl,
            }
          : undefined,
      microsoft:
        parsed.MICROSOFT_CLIENT_ID && parsed.MICROSOFT_CLIENT_SECRET
          ? {
              clientId: parsed.MICROSOFT_CLIENT_ID,
              clientSecret: parsed.MICROSOFT_CLIENT_SECRET,
              authorizeUrl: `${microsoftLogin}/authorize`,
              tokenUrl: `${microsoftLogin}/token`,
              apiUrl: parsed.MICROSOFT_GRAPH_URL,
              redirectUri: storageCallbackUrl,
            }
          : undefined,
    },
  };
}
