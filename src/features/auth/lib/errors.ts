import { validationMessageNow } from '@/i18n/validation';
import { ApiError } from '@/lib/api';

/**
 * The server's (or the API client's network) message when there is one, in the language on screen where it is a
 * contract's message, else the screen's own fallback text.
 */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && (error.hasServerMessage || error.isNetworkError) ? validationMessageNow(error.message) : fallback;
}
