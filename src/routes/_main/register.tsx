import { createFileRoute } from '@tanstack/react-router';
import { PageHead } from '@/components/page-head';
import { RegisterPage } from '@/features/auth/pages/register-page';
import { publicOnly } from '@/lib/guards';

export const Route = createFileRoute('/_main/register')({
  beforeLoad: publicOnly,
  component: RegisterRoute,
});

function RegisterRoute() {
  return (
    <>
      <PageHead title="Create account" />
      <RegisterPage />
    </>
  );
}
