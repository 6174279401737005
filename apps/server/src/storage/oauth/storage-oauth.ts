import { createHash } from 'node:crypto';
import { auth, drive, type drive_v3 } from '@googleapis/drive';
import type { StorageOAuthProvider } from '@keel/contract';
import { decodeJwt } from 'jose';
import type { StorageOAuthConfig } from '../../config.js';
import { StorageError, isStorageError } from '../storage-driver.js';

const GOOGLE_SCOPES = ['https://www.googleapis.com/auth/drive.file', 'openid', 'email'];
const MICROSOFT_SCOPES = ['offline_access', 'Files.ReadWrite.All', 'Sites.ReadWrite.All', 'User.Read'];
/** A token this close to its expiry is refreshed rather than handed to a request that may outlive it. */
const EXPIRY_MARGIN_MS = 60_000;

export const STORAGE_PROVIDER_NAMES: Record<StorageOAuthProvider, string> = {
  google_drive: 'Google Drive',
  microsoft: 'Microsoft OneDrive / SharePoint',
};

export type GoogleOAuthClient = InstanceType<typeof auth.OAuth2>;

/** Google's own OAuth client, pointed at the configured addresses (a stand-in's in tests). */
export function googleOAuthClient(config: StorageOAuthConfig): GoogleOAuthClient {
  return new auth.OAuth2({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    redirectUri: config.redirectUri,
    endpoints: { oauth2AuthBaseUrl: config.authorizeUrl, oauth2TokenUrl: config.tokenUrl },
  });
}

export function storageAuthorizationUrl(
  provider: StorageOAuthProvider,
  config: StorageOAuthConfig,
  { state }: { state: string },
): string {
  if (provider === 'google_drive') {
    return googleOAuthClient(config).generateAuthUrl({
      scope: GOOGLE_SCOPES,
      access_type: 'offline',
      prompt: 'consent',
      state,
    });
  }
  const url = new URL(config.authorizeUrl);
  url.search = new URLSearchParams({
    client_id: config.clientId,
    response_type: 'code',
    redirect_uri: config.redirectUri,
    response_mode: 'query',
    scope: MICROSOFT_SCOPES.join(' '),
    state,
  }).toString();
  return url.toString();
}

interface TokenAnswer {
  accessToken: string;
  refreshToken: string | undefined;
  idToken: string | undefined;
  expiresAt: number;
}

function refused(provider: StorageOAuthProvider, cause?: unknown): StorageError {
  return new StorageError(
    'unauthorized',
    `${STORAGE_PROVIDER_NAMES[provider]} refused access: an administrator must connect it again in Storage settings.`,
    { cause },
  );
}

function unreachable(provider: StorageOAuthProvider, cause?: unknown): StorageError {
  return new StorageError(
    'unavailable',
    `${STORAGE_PROVIDER_NAMES[provider]} could not be reached to sign in; please try again in a few minutes.`,
    { cause },
  );
}

/** `invalid_grant` (and a wrong client) mean the grant is gone; anything else is the provider failing. */
function tokenFailure(provider: StorageOAuthProvider, status: number | undefined, error: unknown, cause: unknown) {
  if (error === 'invalid_grant' || error === 'invalid_client' || error === 'unauthorized_client') {
    return refused(provider, cause);
  }
  const temporary = status === 429 || error === 'temporarily_unavailable' || error === 'server_error';
  if (!temporary && status !== undefined && status >= 400 && status < 500 && error !== undefined) {
    return refused(provider, cause);
  }
  return unreachable(provider, cause);
}

async function googleTokenRequest(
  config: StorageOAuthConfig,
  grant: { code: string } | { refreshToken: string },
): Promise<TokenAnswer> {
  const client = googleOAuthClient(config);
  try {
    if ('code' in grant) {
      const { tokens } = await client.getToken(grant.code);
      return {
        accessToken: tokens.access_token ?? '',
        refreshToken: tokens.refresh_token ?? undefined,
        idToken: tokens.id_token ?? undefined,
        expiresAt: tokens.expiry_date ?? Date.now(),
      };
    }
    client.setCredentials({ refresh_token: grant.refreshToken });
    const { token } = await client.getAccessToken();
    return {
      accessToken: token ?? '',
      refreshToken: grant.refreshToken,
      idToken: undefined,
      expiresAt: client.credentials.expiry_date ?? Date.now(),
    };
  } catch (error) {
    const response = (error as { response?: { status?: number; data?: { error?: unknown } } }).response;
    throw tokenFailure('google_drive', response?.status, response?.data?.error, error);
  }
}

/** Microsoft's identity platform speaks plain OAuth 2.0: one form post to the token endpoint. */
async function microsoftTokenRequest(
  config: StorageOAuthConfig,
  grant: { code: string } | { refreshToken: string },
): Promise<TokenAnswer> {
  const form = new URLSearchParams({
    client_id: config.clientId,
    client_secret: config.clientSecret,
    scope: MICROSOFT_SCOPES.join(' '),
    ...('code' in grant
      ? { grant_type: 'authorization_code', code: grant.code, redirect_uri: config.redirectUri }
      : { grant_type: 'refresh_token', refresh_token: grant.refreshToken }),
  });
  let response: Response;
  try {
    response = await fetch(config.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form,
    });
  } catch (error) {
    throw unreachable('microsoft', error);
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok || typeof body.access_token !== 'string') {
    throw tokenFailure(
      'microsoft',
      response.status,
      body.error,
      new Error(`token endpoint answered ${response.status}`),
    );
  }
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : undefined,
    idToken: typeof body.id_token === 'string' ? body.id_token : undefined,
    expiresAt: Date.now() + Number(body.expires_in ?? 0) * 1000,
  };
}

function tokenRequest(
  provider: StorageOAuthProvider,
  config: StorageOAuthConfig,
  grant: { code: string } | { refreshToken: string },
) {
  return provider === 'google_drive' ? googleTokenRequest(config, grant) : microsoftTokenRequest(config, grant);
}

async function googleAccount(config: StorageOAuthConfig, answer: TokenAnswer): Promise<string | undefined> {
  if (answer.idToken) {
    // Received straight from the token endpoint over the configured channel, so its claims are taken as they are.
    const email = decodeJwt(answer.idToken).email;
    if (typeof email === 'string' && email) return email;
  }
  const client = googleOAuthClient(config);
  client.setCredentials({ access_token: answer.accessToken });
  const about: { data: drive_v3.Schema$About } = await drive({ version: 'v3', auth: client, rootUrl: config.apiUrl })
    .about.get({ fields: 'user(emailAddress)' })
    .catch((error: unknown) => {
      throw unreachable('google_drive', error);
    });
  return about.data.user?.emailAddress ?? undefined;
}

async function microsoftAccount(config: StorageOAuthConfig, answer: TokenAnswer): Promise<string | undefined> {
  const response = await fetch(`${config.apiUrl.replace(/\/$/, '')}/v1.0/me?$select=userPrincipalName,mail`, {
    headers: { authorization: `Bearer ${answer.accessToken}`, accept: 'application/json' },
  }).catch((error: unknown) => {
    throw unreachable('microsoft', error);
  });
  if (response.status === 401 || response.status === 403) throw refused('microsoft');
  if (!response.ok) throw unreachable('microsoft', new Error(`/me answered ${response.status}`));
  const me = (await response.json()) as { userPrincipalName?: string | null; mail?: string | null };
  return me.mail || me.userPrincipalName || undefined;
}

/** Trades the code of the administrator's consent for a lasting refresh token and the account that consented. */
export async function exchangeStorageCode(
  provider: StorageOAuthProvider,
  config: StorageOAuthConfig,
  { code }: { code: string },
): Promise<{ refreshToken: string; account: string }> {
  const answer = await tokenRequest(provider, config, { code });
  if (!answer.refreshToken) {
    throw new StorageError(
      'unauthorized',
      `${STORAGE_PROVIDER_NAMES[provider]} granted no lasting access (no refresh token); please connect it again.`,
    );
  }
  const account =
    provider === 'google_drive' ? await googleAccount(config, answer) : await microsoftAccount(config, answer);
  remember(provider, config, answer.refreshToken, Promise.resolve(answer));
  return { refreshToken: answer.refreshToken, account: account ?? 'unknown account' };
}

/** Access tokens by provider, client and refresh token (hashed: the map holds no refresh token in clear). */
const accessTokens = new Map<string, Promise<TokenAnswer>>();

function cacheKey(provider: StorageOAuthProvider, config: StorageOAuthConfig, refreshToken: string) {
  return createHash('sha256')
    .update(`${provider}\n${config.tokenUrl}\n${config.clientId}\n${refreshToken}`)
    .digest('hex');
}

function remember(
  provider: StorageOAuthProvider,
  config: StorageOAuthConfig,
  refreshToken: string,
  answer: Promise<TokenAnswer>,
) {
  const key = cacheKey(provider, config, refreshToken);
  accessTokens.set(key, answer);
  answer.catch(() => {
    if (accessTokens.get(key) === answer) accessTokens.delete(key);
  });
}

export interface StorageTokenOptions {
  /**
   * Microsoft answers each refresh with a new refresh token; keeping the newest lets the grant outlive the first
   * one's lifetime (90 days). Earlier ones keep working meanwhile, so a failure to save it is not fatal.
   */
  onRefreshTokenRotated?: (refreshToken: string) => Promise<void> | void;
}

/** A fresh access token with its expiry; concurrent callers share one refresh. */
export async function storageAccessTokenWithExpiry(
  provider: StorageOAuthProvider,
  config: StorageOAuthConfig,
  refreshToken: string,
  options: StorageTokenOptions = {},
): Promise<{ accessToken: string; expiresAt: number }> {
  const key = cacheKey(provider, config, refreshToken);
  const cached = accessTokens.get(key);
  if (cached) {
    const answer = await cached.catch(() => undefined);
    if (answer && answer.expiresAt - EXPIRY_MARGIN_MS > Date.now()) return answer;
    const newer = accessTokens.get(key);
    if (newer && newer !== cached) return storageAccessTokenWithExpiry(provider, config, refreshToken, options);
  }
  const refreshing = tokenRequest(provider, config, { refreshToken });
  remember(provider, config, refreshToken, refreshing);
  let answer: TokenAnswer;
  try {
    answer = await refreshing;
  } catch (error) {
    throw isStorageError(error) ? error : unreachable(provider, error);
  }
  if (answer.refreshToken && answer.refreshToken !== refreshToken) {
    remember(provider, config, answer.refreshToken, refreshing);
    await Promise.resolve(options.onRefreshTokenRotated?.(answer.refreshToken)).catch(() => undefined);
  }
  return answer;
}

export async function storageAccessToken(
  provider: StorageOAuthProvider,
  config: StorageOAuthConfig,
  refreshToken: string,
  options: StorageTokenOptions = {},
): Promise<string> {
  return (await storageAccessTokenWithExpiry(provider, config, refreshToken, options)).accessToken;
}

/** After the provider refused a cached access token: the next call asks for a new one. */
export function forgetStorageAccessToken(
  provider: StorageOAuthProvider,
  config: StorageOAuthConfig,
  refreshToken: string,
): void {
  accessTokens.delete(cacheKey(provider, config, refreshToken));
}
