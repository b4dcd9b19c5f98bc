import { createFileRoute } from '@tanstack/react-router';
import { PageHead } from '@/components/page-head';
import { useMessages } from '@/i18n/react';
import { authText } from '@/messages/auth';
import { ResetPasswordPage } from '@/features/auth/pages/reset-password-page';

export const Route = createFileRoute('/reset-password')({
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const text = useMessages(authText);
  return (
    <>
      <PageHead title={text.pageTitleResetPassword} />
      <ResetPasswordPage />
    </>
  );
}
