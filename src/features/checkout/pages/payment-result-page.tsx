import { Link } from '@tanstack/react-router';
import { buttonClassName } from '@/components/button';
import { cn } from '@/components/cn';
import { OrderUpdatesOffer } from '@/components/order-updates-offer';
import { PayNowButton } from '@/components/pay-now-button';
import { useSession } from '@/lib/session';
import { PageHead } from '@/components/page-head';
import { useMessages } from '@/i18n/react';
import { paymentText } from '@/messages/payment';

/*
 * The mark draws itself in with CSS transitions from @starting-style values (Tailwind's `starting:`), only under
 * `motion-safe`; browsers without @starting-style, and people who ask for less motion, see the finished mark.
 */
const circleClass =
  'origin-center motion-safe:transition-[scale,opacity] motion-safe:duration-500 motion-safe:ease-out motion-safe:starting:scale-50 motion-safe:starting:opacity-0';
const strokeClass =
  '[stroke-dasharray:40] [stroke-dashoffset:0] motion-safe:transition-[stroke-dashoffset] motion-safe:delay-300 motion-safe:duration-500 motion-safe:ease-out motion-safe:starting:[stroke-dashoffset:40]';

function ResultMark({ outcome }: { outcome: 'success' | 'failed' }) {
  const success = outcome === 'success';
  return (
    <svg viewBox="0 0 64 64" width="96" height="96" aria-hidden="true" className="mx-auto" data-testid={`payment-${outcome}-mark`}>
      <circle cx="32" cy="32" r="30" className={cn(circleClass, success ? 'fill-brand-700' : 'fill-red-700')} />
      <g fill="none" stroke="white" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round">
        {success ? (
          <path d="M19 33 l9 9 l17 -19" className={strokeClass} />
        ) : (
          <>
            <path d="M22 22 L42 42" className={strokeClass} />
            <path d="M42 22 L22 42" className={strokeClass} />
          </>
        )}
      </g>
    </svg>
  );
}

/** /payment/success/$tranId and /payment/failed/$tranId: where the payment gateway hands the shopper back. */
export function PaymentResultPage({ outcome, tranId }: { outcome: 'success' | 'failed'; tranId: string }) {
  const success = outcome === 'success';
  const { user } = useSession();
  const text = useMessages(paymentText);
  const title = success ? text.successTitle : text.failedTitle;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 text-center">
      <PageHead title={title} />
      <ResultMark outcome={outcome} />
      <h1 className="mt-6 text-2xl font-bold text-gray-900">{title}</h1>
      <p className="mt-2 text-gray-700">{success ? text.successDetail : text.failedDetail}</p>
      <p className="mt-4 text-gray-700">
        {text.transactionId} <span className="font-mono break-all text-gray-900">{tranId}</span>
      </p>
      {success && user && <OrderUpdatesOffer className="mt-6 text-left" />}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        {!success && user && <PayNowButton tranId={tranId} className="w-full sm:w-auto" />}
        <Link to="/user/my-orders" className={buttonClassName(success || !user ? 'primary' : 'secondary', 'w-full sm:w-auto')}>
          {text.myOrders}
        </Link>
        <Link to={success ? '/products' : '/'} className={buttonClassName('secondary', 'w-full sm:w-auto')}>
          {success ? text.continueShopping : text.home}
        </Link>
      </div>
    </div>
  );
}
