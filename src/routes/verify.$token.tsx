import { createFileRoute } from '@tanstack/react-router';
import { VerifyAccountPage } from '@/features/auth/pages/verify-account-page';

export const Route = createFileRoute('/verify/$token')({
  component: VerifyAccountRoute,
});

function VerifyAccountRoute() {
  const { token } = Route.useParams();
  return <VerifyAccountPage token={token} />;
}
