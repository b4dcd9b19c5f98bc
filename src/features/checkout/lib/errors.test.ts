import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { orderFailureMessage, outcomeUnknown } from './errors';

describe('order failure', () => {
  it('names the server message when there is one', () => {
    expect(orderFailureMessage(new ApiError('Invalid coupon code', 400))).toBe('Order failed: Invalid coupon code');
  });

  it('falls back to the generic text without a server message, and for network failures', () => {
    expect(orderFailureMessage(new ApiError('Request failed', 502, undefined, false))).toBe('Failed to place order. Please try again.');
    expect(orderFailureMessage(new ApiError('Network error: check your connection and try again', 0))).toBe('Failed to place order. Please try again.');
    expect(orderFailureMessage(new TypeError('boom'))).toBe('Failed to place order. Please try again.');
  });

  it('keeps the attempt open only when the order may exist', () => {
    expect(outcomeUnknown(new ApiError('offline', 0))).toBe(true);
    expect(outcomeUnknown(new ApiError('oops', 500))).toBe(true);
    expect(outcomeUnknown(new ApiError('Invalid coupon code', 400))).toBe(false);
    expect(outcomeUnknown(new ApiError('Out of stock', 409))).toBe(false);
  });
});
