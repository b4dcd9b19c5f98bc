import { createFileRoute } from '@tanstack/react-router';
import { PageHead } from '@/components/page-head';
import { ForgotPasswordPage } from '@/features/auth';

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
