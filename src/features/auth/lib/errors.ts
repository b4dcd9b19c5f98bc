import { ApiError } from '@/lib/api';

/** The server's (or the API client's network) message when there is one, else the screen's own fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && (error.hasServerMessage || error.isNetworkError) ? error.message : fallback;
}
