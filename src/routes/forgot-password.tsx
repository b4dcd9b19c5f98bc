import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '@/features/auth/pages/forgot-password-page';
import { PageHead } from '@/components/page-head';
import { useMessages } from '@/i18n/react';
import { authText } from '@/messages/auth';

export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordRoute,
});

function ForgotPasswordRoute() {
  const text = useMessages(authText);
  return (
    <>
      <PageHead title={text.pageTitleForgotPassword} />
      <ForgotPasswordPage />
    </>
  );
}
