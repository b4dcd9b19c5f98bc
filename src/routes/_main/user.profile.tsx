import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '@/features/account/pages/settings-page';

export const Route = createFileRoute('/_main/user/profile')({
  component: SettingsPage,
});
