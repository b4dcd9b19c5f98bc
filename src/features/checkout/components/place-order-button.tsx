import { Spinner } from '@/components/spinner';
import { useFormat, useMessages } from '@/i18n/react';
import { checkoutText } from '@/messages/checkout';

const WAITING_ID = 'checkout-order-waiting';

/**
 * 'Place Order', busy while an order is on its way; while one waits for the connection it says so and waits too. After
 * the total changed it names the new total (`agreedTotal`), which one tap agrees to.
 */
export function PlaceOrderButton({ busy, waiting, agreedTotal }: { busy: boolean; waiting: boolean; agreedTotal?: number }) {
  const text = useMessages(checkoutText);
  const format = useFormat();
  return (
    <>
      {waiting && (
        <p id={WAITING_ID} role="status" className="rounded-md bg-gray-100 px-3 py-2 text-sm text-gray-800">
          {text.waitingNote}
        </p>
      )}
      <button
        type="submit"
        disabled={busy || waiting}
        aria-busy={busy || undefined}
        aria-describedby={waiting ? WAITING_ID : undefined}
        className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-4 text-base font-semibold text-white transition-colors hover:bg-brand-800 disabled:cursor-progress disabled:opacity-80"
      >
        {waiting ? (
          text.waiting
        ) : busy ? (
          <>
            <Spinner />
            {text.placing}
          </>
        ) : agreedTotal === undefined ? (
          text.placeOrder
        ) : (
          text.placeOrderAt(format.takaExact(agreedTotal))
        )}
      </button>
    </>
  );
}
