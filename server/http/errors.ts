import { DrizzleQueryError } from 'drizzle-orm/errors';
import { apiMessage, codeOfText, type ApiMessage, type ApiText } from '../../contract/api-messages';
import type { ApiFailure } from '../../contract/envelope';

/**
 * What a failure says: a fixed text of the API's catalogue (contract/api-messages.ts) as it is written there, or a
 * catalogued message made with `apiMessage` (a text with values, or the code of a schema's refusal).
 */
export type FailureMessage = ApiText | ApiMessage;

/** The code and English text of a message; a fixed text's code is the catalogue's. */
export function failureMessage(message: FailureMessage): ApiMessage {
  if (typeof message !== 'string') return message;
  // The type allows catalogue texts only; the fallback covers a caller that cast its way past it.
  return { code: codeOfText(message) ?? 'serverError', message };
}

/** An expected failure with its HTTP status and a message for the user. Services throw it; the error handler answers it. */
export class HttpError extends Error {
  readonly code: ApiMessage['code'];
  readonly values?: ApiMessage['values'];

  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503,
    message: FailureMessage,
    readonly errors?: ApiFailure['errors'],
    /** Sent as Retry-After: when a refused request (429, 503) may come back. */
    readonly retryAfterSeconds?: number,
    /** Sent as the failure's `details`: what the refusal found, in the shape its code declares in contract/. */
    readonly details?: unknown,
  ) {
    const { code, message: text, values } = failureMessage(message);
    super(text);
    this.code = code;
    if (values) this.values = values;
  }
}

export const badRequest = (message: FailureMessage, errors?: ApiFailure['errors']) => new HttpError(400, message, errors);
export const unauthorized = (message: FailureMessage = apiMessage('signInRequired')) => new HttpError(401, message);
export const forbidden = (message: FailureMessage = apiMessage('noPermission')) => new HttpError(403, message);
export const notFound = (message: FailureMessage = apiMessage('notFound')) => new HttpError(404, message);
export const conflict = (message: FailureMessage, details?: unknown) => new HttpError(409, message, undefined, undefined, details);

/**
 * The failure envelope: the message, its code, the values its text was made from, and each field's problem; a
 * server-side failure (5xx) names the request, so a shopper can quote it and the log be searched for it.
 */
export function failure(message: FailureMessage, errors?: ApiFailure['errors'], requestId?: string, details?: unknown): ApiFailure {
  const { code, message: text, values } = failureMessage(message);
  return {
    success: false,
    message: text,
    code,
    ...(values && { values }),
    ...(errors && { errors }),
    ...(requestId && { requestId }),
    ...(details !== undefined && { details }),
  };
}

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
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => FRAME.test(line))
      .join('\n'),
  };
}
