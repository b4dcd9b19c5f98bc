import { formatTakaPrecise } from '@contract/money';
import { useFormContext } from 'react-hook-form';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import type { CheckoutFormInput } from '../lib/form';
import type { CouponState } from '../lib/use-coupon';

/** Coupon Code with its Apply button: the discount shows in the summary before the order is placed. */
export function CouponField({ coupon, apply, applying }: CouponState) {
  const { register, formState } = useFormContext<CheckoutFormInput>();
  return (
    <div className="flex items-start gap-2">
      <TextField
        label="Coupon Code"
        placeholder="e.g. SAVE20"
        autoCapitalize="characters"
        autoComplete="off"
        className="min-w-0 flex-1"
        hint={coupon ? `${coupon.code} applied: ${formatTakaPrecise(coupon.discount)} off the items.` : 'Optional. Apply it to see your discount.'}
        error={formState.errors.coupon?.message}
        {...register('coupon')}
      />
      {/* Lined up with the input, below the label. */}
      <Button variant="secondary" className="mt-6 shrink-0" busy={applying} onClick={() => void apply()}>
        Apply
      </Button>
    </div>
  );
}
