import { createFileRoute } from '@tanstack/react-router';
import { BannersPage } from '@/features/back-office/pages/banners-page';

export const Route = createFileRoute('/admin/banners')({
  component: BannersPage,
});
