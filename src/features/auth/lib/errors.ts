import { validationMessageNow } from '@/i18n/validation';
import { ApiError } from '@/lib/api';
import { apiMessageText } from '@/lib/api-message';

/**
 * The server's (or the API client's network) message when there is one, in the shopper's language, else the screen's
 * own fallback text.
 */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && (error.hasServerMessage || error.isNetworkError) ? apiMessageText(error, validationMessageNow(error.message)) : fallback;
}
