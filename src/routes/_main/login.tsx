import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '@/features/auth/pages/login-page';
import { publicOnly, safeRedirect } from '@/lib/guards';

// A malformed redirect is dropped rather than failing the whole route.
const loginSearch = (raw: Record<string, unknown>): { redirect?: string } => (typeof raw.redirect === 'string' ? { redirect: raw.redirect } : {});

export const Route = createFileRoute('/_main/login')({
  validateSearch: loginSearch,
  beforeLoad: publicOnly,
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  return <LoginPage redirectTo={safeRedirect(redirect)} />;
}
