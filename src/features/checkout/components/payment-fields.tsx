import { Info } from 'lucide-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { paymentMethods, type PaymentMethod } from '@contract/orders';
import { TextField } from '@/components/text-field';
import type { CheckoutFormInput } from '../lib/form';
import { useMessages } from '@/i18n/react';
import { checkoutText } from '@/messages/checkout';

/** Each method's name: the texts say what PAYMENT_METHOD_LABELS (contract/orders.ts) says in English. */
const METHOD_NAMES = { cash: 'cash', 'mobile-banking': 'mobileBanking', ssl: 'card' } as const satisfies Record<PaymentMethod, string>;

/** Cash on Delivery, Mobile Banking or a card (any method the gateway offers), and the number a mobile-banking payment comes from. */
export function PaymentFields() {
  const { register, control } = useFormContext<CheckoutFormInput>();
  const paymentMethod = useWatch({ control, name: 'paymentMethod' });
  const text = useMessages(checkoutText);

  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-bold text-gray-900">{text.paymentMethod}</legend>
      <p className="flex items-start gap-2 rounded-md border border-brand-700/30 bg-brand-50 px-3 py-2 text-sm text-gray-800">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
        <span>{text.mobileBankingNote}</span>
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {paymentMethods.map((method) => (
          <label
            key={method}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-gray-300 px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input type="radio" value={method} className="size-5 accent-brand-700" {...register('paymentMethod')} />
            <span className="text-base text-gray-900">{text[METHOD_NAMES[method]]}</span>
          </label>
        ))}
      </div>
      {paymentMethod === 'mobile-banking' && (
        <TextField label={text.paymentNumber} type="tel" inputMode="numeric" autoComplete="tel" placeholder="01XXXXXXXXX" {...register('paymentNumber')} />
      )}
    </fieldset>
  );
}
