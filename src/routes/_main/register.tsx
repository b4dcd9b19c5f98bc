import { createFileRoute } from '@tanstack/react-router';
import { PageHead } from '@/components/page-head';
import { useMessages } from '@/i18n/react';
import { authText } from '@/messages/auth';
import { RegisterPage } from '@/features/auth/pages/register-page';
import { publicOnly } from '@/lib/guards';

export const Route = createFileRoute('/_main/register')({
  beforeLoad: publicOnly,
  component: RegisterRoute,
});

function RegisterRoute() {
  const text = useMessages(authText);
  return (
    <>
      <PageHead title={text.pageTitleRegister} />
      <RegisterPage />
    </>
  );
}
