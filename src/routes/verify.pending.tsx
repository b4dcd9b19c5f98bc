import { createFileRoute } from '@tanstack/react-router';
import { PageHead } from '@/components/page-head';
import { useMessages } from '@/i18n/react';
import { authText } from '@/messages/auth';
import { VerifyPendingPage } from '@/features/auth/pages/verify-pending-page';

export const Route = createFileRoute('/verify/pending')({
  component: VerifyPendingRoute,
});

function VerifyPendingRoute() {
  const text = useMessages(authText);
  return (
    <>
      <PageHead title={text.pageTitleAlmostDone} />
      <VerifyPendingPage />
    </>
  );
}
