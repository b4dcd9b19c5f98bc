import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '@/features/auth/pages/forgot-password-page';
import { PageHead } from '@/components/page-head';

export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordRoute,
});

function ForgotPasswordRoute() {
  return (
    <>
      <PageHead title="Forgot password" />
      <ForgotPasswordPage />
    </>
  );
}
