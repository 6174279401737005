// What a failed call looks like, apart from the client that makes calls: primitives in ui/ show
// errors without being able to fetch.

export interface ApiErrorDetail {
  path: string;
  message: string;
}

/** A failed call. `serverMessage` is the server's own `error` text when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly serverMessage: string | null;
  readonly details: ApiErrorDetail[];

  constructor(status: number, code: string, serverMessage: string | null, details: ApiErrorDetail[] = []) {
    super(serverMessage ?? `Request failed (${code})`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
    this.details = details;
  }
}

/** The text to show for a failure: the server's message, else the screen's own fallback (spec section 8). */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

export const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An error body the server sent (`{ error, code, details? }`, or a streamed error line) as the
 * ApiError the screens read; for every call, the API client's and those read by hand (downloads, streamed imports).
 */
export function errorFromBody(status: number, body: unknown): ApiError {
  if (!isRecord(body)) return new ApiError(status, `http.${status}`, null);
  const details = Array.isArray(body.details)
    ? body.details.filter(
        (detail): detail is ApiErrorDetail =>
          isRecord(detail) && typeof detail.path === 'string' && typeof detail.message === 'string',
      )
    : [];
  return new ApiError(
    status,
    typeof body.code === 'string' ? body.code : `http.${status}`,
    typeof body.error === 'string' ? body.error : typeof body.message === 'string' ? body.message : null,
    details,
  );
}
