import { createFileRoute } from '@tanstack/react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { ResetPasswordPage } from '@/features/auth/pages/reset-password-page';

export const Route = createFileRoute('/reset-password')({
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  useDocumentTitle('Reset password');
  return <ResetPasswordPage />;
}
