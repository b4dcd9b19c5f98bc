import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '@/features/auth/pages/login-page';
import { PageHead } from '@/components/page-head';
import { useMessages } from '@/i18n/react';
import { authText } from '@/messages/auth';
import { publicOnly, safeRedirect } from '@/lib/guards';

// A malformed redirect is dropped rather than failing the whole route.
const loginSearch = (raw: Record<string, unknown>): { redirect?: string } =>
  typeof raw.redirect === 'string' ? { redirect: raw.redirect } : {};

export const Route = createFileRoute('/_main/login')({
  validateSearch: loginSearch,
  beforeLoad: publicOnly,
  component: LoginRoute,
});

function LoginRoute() {
  const text = useMessages(authText);
  const { redirect } = Route.useSearch();
  return (
    <>
      <PageHead title={text.pageTitleSignIn} />
      <LoginPage redirectTo={safeRedirect(redirect)} />
    </>
  );
}
