import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '@/features/auth/pages/register-page';
import { publicOnly } from '@/lib/guards';

export const Route = createFileRoute('/_main/register')({
  beforeLoad: publicOnly,
  component: RegisterPage,
});
