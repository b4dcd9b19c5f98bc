import { ApiError } from '@/lib/api';

/** The server's own words when it answered; otherwise (no answer, or not an API error) the fallback text given. */
export function serverMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && !error.isNetworkError && error.message ? error.message : fallback;
}
