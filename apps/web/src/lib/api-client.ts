import type { z, ZodType } from 'zod';
import { API_TIMEOUT_MS, type TokenPair } from '@keel/contract';
import { clearTokens, getAccessToken, getRefreshToken, storeTokens } from './tokens';

export const API_BASE = '/api/v1';

export { ApiError, errorFromBody, errorText, isConflict, type ApiErrorDetail } from './api-error';
import { ApiError, errorFromBody } from './api-error';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart; takes precedence over `body`. */
  formData?: FormData;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The Accept header, when a call wants more than JSON (a streamed answer). */
  accept?: string;
}

/**
 * Endpoints that exchange credentials. A 401 from them means "wrong credentials", not "stale token",
 * so they never trigger the refresh-and-retry. Signed-in calls under /auth (profile, agreements)
 * still do: an expired access token must not log anyone out.
 */
const CREDENTIAL_PATHS = [
  /^\/auth\/(login|login\/two-factor|register|refresh|logout|forgot-password|reset-password)$/,
  /^\/auth\/(google|microsoft)(\/callback)?$/,
];
export const isCredentialEndpoint = (path: string) => CREDENTIAL_PATHS.some((pattern) => pattern.test(path));

let sessionExpiredHandler: () => void = () => undefined;
/** The session store registers what to do when a refresh is refused (clear and go to sign-in). */
export function onSessionExpired(handler: () => void): void {
  sessionExpiredHandler = handler;
}

function withTimeout(signal: AbortSignal | undefined, timeoutMs: number) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('Timed out', 'TimeoutError')), timeoutMs);
  const forward = () => controller.abort(signal?.reason);
  if (signal) {
    if (signal.aborted) forward();
    else signal.addEventListener('abort', forward, { once: true });
  }
  const done = () => {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  };
  return {
    signal: controller.signal,
    done,
    timedOut: () =>
      controller.signal.reason instanceof DOMException && controller.signal.reason.name === 'TimeoutError',
  };
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers = new Headers({ Accept: options.accept ?? 'application/json' });
  const token = getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.formData) body = options.formData;
  else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  const timeout = withTimeout(options.signal, options.timeoutMs ?? API_TIMEOUT_MS);
  try {
    return await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: timeout.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (timeout.timedOut()) throw new ApiError(0, 'network.timeout', null);
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'network.unreachable', null);
  } finally {
    timeout.done();
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

async function toApiError(response: Response): Promise<ApiError> {
  return errorFromBody(response.status, await readJson(response));
}

let refreshInFlight: Promise<'refreshed' | 'rejected' | 'unavailable'> | null = null;

/**
 * Exchanges the refresh token for a new pair. Concurrent callers share one request because the
 * server rotates refresh tokens: a second parallel use of the old one would revoke the family.
 * 'rejected' = the server refused it (or there is none); 'unavailable' = it could not be asked.
 */
export function refreshTokens(): Promise<'refreshed' | 'rejected' | 'unavailable'> {
  refreshInFlight ??= (async () => {
    const refreshToken = getRefreshToken();
    if (!refreshToken) return 'rejected' as const;
    try {
      const response = await send('/auth/refresh', { method: 'POST', body: { refreshToken } });
      if (!response.ok) return response.status >= 500 || response.status === 429 ? 'unavailable' : 'rejected';
      const body = await readJson(response);
      const pair = isRecord(body) && isRecord(body.data) ? (body.data as Partial<TokenPair>) : {};
      // Checked by hand rather than with the contract's zod schema: this module is in the
      // first-load bundle, which stays free of zod (see vite.config.ts).
      if (typeof pair.accessToken !== 'string' || typeof pair.refreshToken !== 'string') return 'unavailable';
      storeTokens(pair.accessToken, pair.refreshToken);
      return 'refreshed';
    } catch {
      return 'unavailable';
    }
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/** Sends a request with auth, timeout and the one refresh-and-retry on 401. Returns the raw response. */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const response = await send(path, options);
  if (response.status !== 401 || isCredentialEndpoint(path)) return response;
  const outcome = await refreshTokens();
  if (outcome === 'refreshed') return send(path, options);
  if (outcome === 'rejected') {
    clearTokens();
    sessionExpiredHandler();
  }
  return response;
}

/**
 * The contract's zod schema of an answer. The answer is parsed with it (unknown fields dropped, a
 * wrong shape refused), so what a caller gets is typed from the contract, never asserted. Only the
 * type of zod is imported here: this module is in the first-load bundle, which stays free of zod.
 * Parsing costs about 0.3 ms for a page of 200 to-dos (bench in the report of issue 9).
 */
export interface SchemaOptions<S extends ZodType> extends RequestOptions {
  schema: S;
}

function checked<S extends ZodType>(schema: S, body: unknown, path: string, status: number): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  console.error(`[keel] unexpected answer from ${path}`, result.error.issues);
  throw new ApiError(status, 'response.invalid', null);
}

const unwrap = (body: unknown) => (isRecord(body) && 'data' in body ? body.data : body);

/** Returns the body with its `{data}` envelope removed (checked against `schema`), and the response headers. */
export async function apiRequestWithHeaders<S extends ZodType>(
  path: string,
  options: SchemaOptions<S>,
): Promise<{ data: z.output<S>; headers: Headers }>;
export async function apiRequestWithHeaders(
  path: string,
  options?: RequestOptions,
): Promise<{ data: unknown; headers: Headers }>;
export async function apiRequestWithHeaders(
  path: string,
  options: RequestOptions & { schema?: ZodType } = {},
): Promise<{ data: unknown; headers: Headers }> {
  const response = await apiFetch(path, options);
  if (!response.ok) throw await toApiError(response);
  const data = unwrap(await readJson(response));
  return {
    data: options.schema ? checked(options.schema, data, path, response.status) : data,
    headers: response.headers,
  };
}

/**
 * The common case: a call whose success body is `{data: T}` (terminology's bare body passes through
 * as is), `schema` being the contract's schema of T. Without a schema the answer is not looked at
 * (`unknown`): for calls whose answer the caller ignores.
 */
export async function apiRequest<S extends ZodType>(path: string, options: SchemaOptions<S>): Promise<z.output<S>>;
export async function apiRequest(path: string, options?: RequestOptions): Promise<unknown>;
export async function apiRequest(path: string, options: RequestOptions & { schema?: ZodType } = {}): Promise<unknown> {
  return (await apiRequestWithHeaders(path, options)).data;
}

/** A call whose body carries more than `data` (a list's `page` cursor, a truncation flag): returned whole. */
export async function apiRequestWhole<S extends ZodType>(
  path: string,
  options: SchemaOptions<S>,
): Promise<z.output<S>> {
  const response = await apiFetch(path, options);
  if (!response.ok) throw await toApiError(response);
  return checked(options.schema, await readJson(response), path, response.status);
}

/** Optimistic concurrency: the server refused an edit based on a version someone else replaced. */
