import { ApiError } from '@/lib/api';
import { apiMessageText } from '@/lib/api-message';

/** 'Order failed: {message}' when the server said why; otherwise a generic text (also for network failures). */
export function orderFailureMessage(error: unknown): string {
  if (error instanceof ApiError && !error.isNetworkError && error.hasServerMessage && error.message) {
    return `Order failed: ${apiMessageText(error, error.message)}`;
  }
  return 'Failed to place order. Please try again.';
}

/**
 * Whether the attempt may have created an order: a network failure or a server error leaves it unknown, so a
 * retry must reuse the Idempotency-Key; a 4xx answer means nothing was created.
 */
export function outcomeUnknown(error: unknown): boolean {
  return !(error instanceof ApiError) || error.isNetworkError || error.status >= 500;
}

/** Why a coupon was not applied: the server's reason (unknown, expired, used up, below its minimum), or the connection. */
export function couponFailureMessage(error: unknown): string {
  if (error instanceof ApiError && !error.isNetworkError && error.hasServerMessage && error.message) return apiMessageText(error, error.message);
  if (error instanceof ApiError && error.isNetworkError) return 'The coupon can be checked once you are back online.';
  return 'The coupon could not be checked. Please try again.';
}
