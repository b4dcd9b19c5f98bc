import { createFileRoute } from '@tanstack/react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { ForgotPasswordPage } from '@/features/auth/pages/forgot-password-page';

export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordRoute,
});

function ForgotPasswordRoute() {
  useDocumentTitle('Forgot password');
  return <ForgotPasswordPage />;
}
