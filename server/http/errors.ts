import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { ApiFailure } from '../../contract/envelope';

/** An expected failure with its HTTP status and a message for the user. Services throw it; the error handler answers it. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503,
    message: string,
    readonly errors?: ApiFailure['errors'],
    /** Sent as Retry-After: when a refused request (429, 503) may come back. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: ApiFailure['errors']) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Please sign in to continue') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** Lines of a stack trace that name code, not the error's message (which may quote a failed query's values). */
const FRAME = /^\s+at /;

/**
 * What the log keeps of an unexpected error. A failed query's message and parameters can hold password hashes, reset
 * codes and tokens, and the database's detail quotes the row's values: only the statement, the database's error code
 * and its message, and the stack's frames are kept.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  return {
    type: 'DrizzleQueryError',
    message: `Failed query: ${error.query}`,
    code: cause?.code,
    cause: typeof cause?.message === 'string' ? cause.message : undefined,
    stack: (error.stack ?? '').split('\n').filter((line) => FRAME.test(line)).join('\n'),
  };
}
