import { createFileRoute } from '@tanstack/react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { RegisterPage } from '@/features/auth/pages/register-page';
import { publicOnly } from '@/lib/guards';

export const Route = createFileRoute('/_main/register')({
  beforeLoad: publicOnly,
  component: RegisterRoute,
});

function RegisterRoute() {
  useDocumentTitle('Create account');
  return <RegisterPage />;
}
