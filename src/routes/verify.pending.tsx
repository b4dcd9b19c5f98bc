import { createFileRoute } from '@tanstack/react-router';
import { PageHead } from '@/components/page-head';
import { VerifyPendingPage } from '@/features/auth/pages/verify-pending-page';

export const Route = createFileRoute('/verify/pending')({
  component: VerifyPendingRoute,
});

function VerifyPendingRoute() {
  return (
    <>
      <PageHead title="Almost Done!" />
      <VerifyPendingPage />
    </>
  );
}
