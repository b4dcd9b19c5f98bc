import { Info } from 'lucide-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { PAYMENT_METHOD_LABELS, paymentMethods } from '@contract/orders';
import { TextField } from '@/components/text-field';
import type { CheckoutFormInput } from '../lib/form';

/** Cash on Delivery, Mobile Banking or a card (any method the gateway offers), and the number a mobile-banking payment comes from. */
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
        {paymentMethods.map((method) => (
          <label
            key={method}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-gray-300 px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input type="radio" value={method} className="size-5 accent-brand-700" {...register('paymentMethod')} />
            <span className="text-base text-gray-900">{PAYMENT_METHOD_LABELS[method]}</span>
          </label>
        ))}
      </div>
      {paymentMethod === 'mobile-banking' && (
        <TextField label="Payment Number" type="tel" inputMode="numeric" autoComplete="tel" placeholder="01XXXXXXXXX" {...register('paymentNumber')} />
      )}
    </fieldset>
  );
}
