/** The one domain error: services throw it, the error handler maps it to `{ error }` with its status. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** The answer to a path that names nothing, a malformed id included. */
export const NOT_FOUND = 'Not found';

export const badRequest = (message: string, details?: Record<string, string>) => new AppError(400, message, details);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (what = NOT_FOUND) => new AppError(404, what);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, undefined, { 'retry-after': String(retryAfterSeconds) });
