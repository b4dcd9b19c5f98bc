import { Info } from 'lucide-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { TextField } from '@/components/text-field';
import type { CheckoutFormInput } from '../lib/form';

const PAYMENT_OPTIONS = [
  { value: 'cash', label: 'Cash on Delivery' },
  { value: 'mobile-banking', label: 'Mobile Banking (Bkash/Nagad/Rocket)' },
] as const;

/** Cash on Delivery or Mobile Banking, and the number a mobile-banking payment comes from. */
export function PaymentFields() {
  const { register, control } = useFormContext<CheckoutFormInput>();
  const paymentMethod = useWatch({ control, name: 'paymentMethod' });

  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-bold text-gray-900">Payment Method</legend>
      <p className="flex items-start gap-2 rounded-md border border-brand-700/30 bg-brand-50 px-3 py-2 text-sm text-gray-800">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
        <span>
          For Mobile Banking, send the payment by bKash, Nagad or Rocket to our merchant mobile number; the payment page shows it after
          you place the order.
        </span>
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {PAYMENT_OPTIONS.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-gray-300 px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input type="radio" value={option.value} className="size-5 accent-brand-700" {...register('paymentMethod')} />
            <span className="text-base text-gray-900">{option.label}</span>
          </label>
        ))}
      </div>
      {paymentMethod === 'mobile-banking' && (
        <TextField label="Payment Number" type="tel" inputMode="numeric" autoComplete="tel" placeholder="01XXXXXXXXX" {...register('paymentNumber')} />
      )}
    </fieldset>
  );
}
