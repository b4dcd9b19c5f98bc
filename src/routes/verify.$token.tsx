import { createFileRoute } from '@tanstack/react-router';
import { PageHead } from '@/components/page-head';
import { useMessages } from '@/i18n/react';
import { authText } from '@/messages/auth';
import { VerifyAccountPage } from '@/features/auth/pages/verify-account-page';

export const Route = createFileRoute('/verify/$token')({
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
