import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { useDocumentTitle } from '@/components/use-document-title';
import { LoginPage } from '@/features/auth';
import { publicOnly, safeRedirect } from '@/lib/guards';

// A malformed redirect is dropped rather than failing the whole route.
const loginSearch = z.object({ redirect: z.catch(z.optional(z.string()), undefined) });

export const Route = createFileRoute('/_main/login')({
  validateSearch: loginSearch,
  beforeLoad: publicOnly,
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  useDocumentTitle('Sign in');
  return <LoginPage redirectTo={safeRedirect(redirect)} />;
}
