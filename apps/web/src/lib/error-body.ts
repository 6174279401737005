import { ApiError, type ApiErrorDetail } from './api-error';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An error body the server sent (`{ error, code, details? }`, or a streamed error line) as the
 * ApiError the screens read; for calls read by hand (downloads, streamed imports).
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
    typeof body.error === 'string' ? body.error : null,
    details,
  );
}
