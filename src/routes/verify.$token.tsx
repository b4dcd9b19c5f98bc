import { createFileRoute } from '@tanstack/react-router';
import { PageHead } from '@/components/page-head';
import { VerifyAccountPage } from '@/features/auth/pages/verify-account-page';

export const Route = createFileRoute('/verify/$token')({
  component: VerifyAccountRoute,
});

function VerifyAccountRoute() {
  const { token } = Route.useParams();
  return (
    <>
      <PageHead title="Verify account" />
      <VerifyAccountPage token={token} />
    </>
  );
}
