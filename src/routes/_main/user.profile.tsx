import { createFileRoute } from '@tanstack/react-router';
import { Page } from '@/components/page';

export const Route = createFileRoute('/_main/user/profile')({
  component: () => <Page title="Settings" />,
});
