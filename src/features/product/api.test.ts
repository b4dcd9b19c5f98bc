import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { REVIEW_AFTER_DELIVERY } from '@contract/catalogue';
import { setLocale } from '@/i18n/messages';
import { ApiError } from '@/lib/api';
import bn from '@/messages/api/bn';
import { reviewFailureMessage } from './api';

afterEach(() => act(() => setLocale('en')));

describe('reviewFailureMessage', () => {
  const refused = new ApiError(REVIEW_AFTER_DELIVERY, 403, undefined, true, 'reviewAfterDelivery');

  it("gives the server's reason, else the generic text, in English", async () => {
    expect(await reviewFailureMessage(refused)).toBe(REVIEW_AFTER_DELIVERY);
    expect(await reviewFailureMessage(new ApiError('Request failed', 502))).toBe('Failed to submit review');
  });

  it('gives both in Bangla in a Bangla session', async () => {
    await act(() => setLocale('bn'));
    expect(await reviewFailureMessage(refused)).toBe(bn.reviewAfterDelivery);
    expect(await reviewFailureMessage(new ApiError('Request failed', 502))).toBe('রিভিউ পাঠানো যায়নি');
  });
});
