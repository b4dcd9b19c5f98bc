import { createFileRoute } from '@tanstack/react-router';
import { VerifyAccountPage } from '@/features/auth/pages/verify-account-page';

// `user_` keeps this out of the /user route: the e-mailed link is opened signed out, so the customer guard must not run.
export const Route = createFileRoute('/user_/verify/$token')({
  component: VerifyAccountRoute,
});

function VerifyAccountRoute() {
  const { token } = Route.useParams();
  return <VerifyAccountPage token={token} />;
}
