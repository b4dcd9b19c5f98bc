import { Link, useCanGoBack, useRouter } from '@tanstack/react-router';
import { ArrowLeft, House } from 'lucide-react';
import { Button, buttonClassName } from './button';
import { useMessages } from '@/i18n/react';
import { shopText } from '@/messages/shop';
import { PageHead } from './page-head';

/** Shown for any unmatched route and any routing error. */
export function NotFoundPage() {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const text = useMessages(shopText);

  // Opened straight from a link there is no page of ours to go back to, so Go Back leads home instead.
  const goBack = () => {
    if (canGoBack) router.history.back();
    else void router.navigate({ to: '/' });
  };

  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center">
      <PageHead title={text.notFoundTitle} />
      <p aria-hidden="true" className="text-7xl font-extrabold text-brand-700">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold text-gray-900">{text.notFoundHeading}</h1>
      <p className="mt-2 text-gray-700">{text.notFoundText}</p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button variant="secondary" onClick={goBack}>
          <ArrowLeft aria-hidden="true" className="size-5" />
          {text.goBack}
        </Button>
        <Link to="/" className={buttonClassName('primary')}>
          <House aria-hidden="true" className="size-5" />
          {text.goHome}
        </Link>
      </div>
    </div>
  );
}
