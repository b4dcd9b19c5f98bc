import { createFileRoute } from '@tanstack/react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { VerifyAccountPage } from '@/features/auth/pages/verify-account-page';

export const Route = createFileRoute('/verify/$token')({
  component: VerifyAccountRoute,
});

function VerifyAccountRoute() {
  const { token } = Route.useParams();
  useDocumentTitle('Verify account');
  return <VerifyAccountPage token={token} />;
}
