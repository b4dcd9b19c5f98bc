import { useFormContext } from 'react-hook-form';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import type { CheckoutFormInput } from '../lib/form';
import type { CouponState } from '../lib/use-coupon';
import { useFormat, useMessages } from '@/i18n/react';
import { useValidationMessage } from '@/i18n/validation';
import { checkoutText } from '@/messages/checkout';

/** Coupon Code with its Apply button: the discount shows in the summary before the order is placed. */
export function CouponField({ coupon, apply, applying }: CouponState) {
  const { register, formState } = useFormContext<CheckoutFormInput>();
  const text = useMessages(checkoutText);
  const format = useFormat();
  const message = useValidationMessage();
  return (
    <div className="flex items-start gap-2">
      <TextField
        label={text.couponCode}
        placeholder={text.couponPlaceholder}
        autoCapitalize="characters"
        autoComplete="off"
        className="min-w-0 flex-1"
        hint={coupon ? text.couponApplied(coupon.code, format.takaPrecise(coupon.discount)) : text.couponHint}
        error={message(formState.errors.coupon?.message)}
        {...register('coupon')}
      />
      {/* Lined up with the input, below the label. */}
      <Button variant="secondary" className="mt-6 shrink-0" busy={applying} onClick={() => void apply()}>
        {text.apply}
      </Button>
    </div>
  );
}
