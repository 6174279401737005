/** An expected failure with its HTTP status, stable code and a message a person can act on. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: string, message: string, details?: { path: string; message: string }[]) =>
  new AppError(400, code, message, details);
export const unauthorized = (code = 'auth.unauthorized', message = 'Please sign in to continue') =>
  new AppError(401, code, message);
export const forbidden = (code = 'auth.forbidden', message = 'You do not have permission to do this') =>
  new AppError(403, code, message);
export const notFound = (code: string, message = 'Not found') => new AppError(404, code, message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
export const tooManyRequests = (code: string, message: string) => new AppError(429, code, message);
export const serviceUnavailable = (code: string, message: string) => new AppError(503, code, message);

/** Optimistic concurrency: the edit was based on a version someone else has since replaced. */
export const staleVersion = (entity: string, label: string) =>
  new AppError(
    409,
    `${entity}.stale_version`,
    `Someone else changed this ${label} since you opened it. Reload to see their change, then try again.`,
  );
