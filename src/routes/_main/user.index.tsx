import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '@/features/account/pages/dashboard-page';

export const Route = createFileRoute('/_main/user/')({
  component: DashboardPage,
});
