import type { FieldError } from '#contract/envelope';

/**
 * An error the client is meant to read: its status and message go out as they are. Anything else
 * thrown becomes a 500 with a generic message (plugins/errors.ts).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, field?: string) =>
  new AppError(400, message, field ? [{ field, message }] : undefined);

export const unauthorized = (message: string) => new AppError(401, message);

export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError(403, message);

export const notFound = (what: string) => new AppError(404, `${what} not found`);

export const conflict = (message: string, field?: string) =>
  new AppError(409, message, field ? [{ field, message }] : undefined);

export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, undefined, { 'Retry-After': String(retryAfterSeconds) });
