import { createFileRoute } from '@tanstack/react-router';
import { ConfirmEmailPage } from '@/features/account/pages/confirm-email-page';
import { requireAuth } from '@/lib/guards';

/** The link mailed to a new email: any signed-in role; signed out, the guard sends the reader to sign in and back. */
export const Route = createFileRoute('/_main/confirm-email/$token')({
  beforeLoad: requireAuth,
  component: ConfirmEmailRoute,
});

function ConfirmEmailRoute() {
  const { token } = Route.useParams();
  return <ConfirmEmailPage token={token} />;
}
