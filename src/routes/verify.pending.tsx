import { createFileRoute } from '@tanstack/react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { VerifyPendingPage } from '@/features/auth/pages/verify-pending-page';

export const Route = createFileRoute('/verify/pending')({
  component: VerifyPendingRoute,
});

function VerifyPendingRoute() {
  useDocumentTitle('Almost Done!');
  return <VerifyPendingPage />;
}
