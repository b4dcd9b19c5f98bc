import { createFileRoute } from '@tanstack/react-router';
import { VerifyPendingPage } from '@/features/auth/pages/verify-pending-page';

export const Route = createFileRoute('/verify/pending')({
  component: VerifyPendingPage,
});
