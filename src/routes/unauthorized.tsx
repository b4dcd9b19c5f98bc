import { createFileRoute, Link } from '@tanstack/react-router';
import { ShieldAlert } from 'lucide-react';
import { StandaloneLayout } from '@/app/layout/standalone-layout';
import { buttonClassName } from '@/components/button';
import { PageHead } from '@/components/page-head';
import { useMessages } from '@/i18n/react';
import { shopText } from '@/messages/shop';

export const Route = createFileRoute('/unauthorized')({
  ssr: true,
  component: UnauthorizedRoute,
});

function UnauthorizedRoute() {
  const text = useMessages(shopText);
  return (
    <StandaloneLayout>
      <PageHead title={text.unauthorizedTitle} />
      <div className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center">
        <ShieldAlert aria-hidden="true" className="size-16 text-brand-700" />
        <h1 className="mt-4 text-2xl font-bold text-gray-900">{text.unauthorizedTitle}</h1>
        <p className="mt-2 text-gray-700">{text.unauthorizedText}</p>
        <Link to="/" className={buttonClassName('primary', 'mt-8')}>
          {text.goHome}
        </Link>
      </div>
    </StandaloneLayout>
  );
}
