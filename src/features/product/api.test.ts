import { act } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_POSTED, REVIEW_UPDATED } from '@contract/catalogue-constants';
import { REVIEW_AFTER_DELIVERY } from '@contract/catalogue';
import { setLocale } from '@/i18n/messages';
import { ApiError } from '@/lib/api';
import bn from '@/messages/api/bn';
import { notify } from '@/lib/notify';
import { reviewFailureMessage, submitReviewMutation } from './api';

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

describe('a review the server took', () => {
  const told = (message: string) => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => undefined);
    const onSuccess = submitReviewMutation.onSuccess as unknown as (...args: unknown[]) => void;
    onSuccess({ product: undefined, message }, { productId: 'p1', review: { userId: 'u1', stars: 5, text: 'ভালো' } }, undefined, { client: new QueryClient() });
    const [text] = success.mock.calls[0]!;
    success.mockRestore();
    return text;
  };

  it('is told new or edited, in the language on screen', async () => {
    expect(told(REVIEW_POSTED)).toBe(REVIEW_POSTED);
    expect(told(REVIEW_UPDATED)).toBe(REVIEW_UPDATED);
    await act(() => setLocale('bn'));
    expect(told(REVIEW_POSTED)).toBe('রিভিউ জমা হয়েছে');
    expect(told(REVIEW_UPDATED)).toBe('আপনার রিভিউ হালনাগাদ হয়েছে');
  });
});
