import { createFileRoute, Link } from '@tanstack/react-router';
import { ShieldAlert } from 'lucide-react';
import { StandaloneLayout } from '@/app/layout/standalone-layout';
import { buttonClassName } from '@/components/button';
import { PageHead } from '@/components/page-head';

export const Route = createFileRoute('/unauthorized')({
  ssr: true,
  component: UnauthorizedRoute,
});

function UnauthorizedRoute() {
  return (
    <StandaloneLayout>
      <PageHead title="Unauthorized Access" />
      <div className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center">
        <ShieldAlert aria-hidden="true" className="size-16 text-brand-700" />
        <h1 className="mt-4 text-2xl font-bold text-gray-900">Unauthorized Access</h1>
        <p className="mt-2 text-gray-700">Your account does not have access to this page.</p>
        <Link to="/" className={buttonClassName('primary', 'mt-8')}>
          Go to Homepage
        </Link>
      </div>
    </StandaloneLayout>
  );
}
