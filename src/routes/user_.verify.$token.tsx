import { createFileRoute } from '@tanstack/react-router';
import { PageHead } from '@/components/page-head';
import { useMessages } from '@/i18n/react';
import { authText } from '@/messages/auth';
import { VerifyAccountPage } from '@/features/auth/pages/verify-account-page';

// `user_` keeps this out of the /user route: the e-mailed link is opened signed out, so the customer guard must not run.
export const Route = createFileRoute('/user_/verify/$token')({
  component: VerifyAccountRoute,
});

function VerifyAccountRoute() {
  const text = useMessages(authText);
  const { token } = Route.useParams();
  return (
    <>
      <PageHead title={text.pageTitleVerifyAccount} />
      <VerifyAccountPage token={token} />
    </>
  );
}
