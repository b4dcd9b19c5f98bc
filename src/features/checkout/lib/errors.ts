import { textsNow } from '@/i18n/messages';
import { validationMessageNow } from '@/i18n/validation';
import { ApiError } from '@/lib/api';
import { checkoutText } from '@/messages/checkout';
import { apiMessageText } from '@/lib/api-message';

/** 'Order failed: {message}' when the server said why; otherwise a generic text (also for network failures). */
export function orderFailureMessage(error: unknown): string {
  const text = textsNow(checkoutText);
  if (error instanceof ApiError && !error.isNetworkError && error.hasServerMessage && error.message) {
    return text.orderFailed(apiMessageText(error, validationMessageNow(error.message)));
  }
  return text.orderFailedGeneric;
}

/**
 * Whether the attempt may have created an order: a network failure or a server error leaves it unknown, so a
 * retry must reuse the Idempotency-Key; a 4xx answer means nothing was created.
 */
export function outcomeUnknown(error: unknown): boolean {
  return !(error instanceof ApiError) || error.isNetworkError || error.status >= 500;
}

/**
 * Why a coupon was not applied: the server's reason (unknown, expired, used up, below its minimum) as it gave it, for
 * the field to show in the language on screen, or the connection.
 */
export function couponFailureMessage(error: unknown): string {
  if (error instanceof ApiError && !error.isNetworkError && error.hasServerMessage && error.message)
    return apiMessageText(error, validationMessageNow(error.message));
  if (error instanceof ApiError && error.isNetworkError) return textsNow(checkoutText).couponOffline;
  return textsNow(checkoutText).couponFailed;
}
