import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { quoteOrder } from '../api';
import { couponFailureMessage } from './errors';
import type { CheckoutFormInput, CheckoutFormValues } from './form';
import type { CheckoutLine } from './payload';
import { couponInForce, type AppliedCoupon } from './totals';

export type CouponState = {
  /** The coupon in force: applied by the server for these lines, and still the code in the field. */
  coupon: AppliedCoupon | null;
  /** Asks the server about the code in the field; a refusal is shown under the field, with the server's reason. */
  apply: () => Promise<void>;
  applying: boolean;
};

/** The checkout's coupon: checked by the server for this shopper and these lines before the order is placed. */
export function useCoupon(items: readonly CheckoutLine[], form: UseFormReturn<CheckoutFormInput, unknown, CheckoutFormValues>): CouponState {
  const [applied, setApplied] = useState<AppliedCoupon | null>(null);
  const coupon = couponInForce(applied, useWatch({ control: form.control, name: 'coupon' }));
  const quote = useMutation({ mutationFn: quoteOrder });

  const apply = async () => {
    const code = (form.getValues('coupon') ?? '').trim();
    form.clearErrors('coupon');
    if (!code) {
      setApplied(null);
      return;
    }
    try {
      const lines = items.map(({ productId, quantity, size, color }) => ({ productId, quantity, size: size || undefined, color: color || undefined }));
      const answer = await quote.mutateAsync({ items: lines, cuopon: code });
      setApplied({ code: answer.coupon ?? code, discount: answer.discount });
    } catch (error) {
      setApplied(null);
      form.setError('coupon', { message: couponFailureMessage(error) }, { shouldFocus: true });
    }
  };

  return { coupon, apply, applying: quote.isPending };
}
