import { createFileRoute } from '@tanstack/react-router';
import { PageHead } from '@/components/page-head';
import { ResetPasswordPage } from '@/features/auth/pages/reset-password-page';

export const Route = createFileRoute('/reset-password')({
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  return (
    <>
      <PageHead title="Reset password" />
      <ResetPasswordPage />
    </>
  );
}
