import { createFileRoute } from '@tanstack/react-router';
import { DeliveryFeesPage } from '@/features/back-office/pages/delivery-fees-page';

export const Route = createFileRoute('/admin/delivery-fees')({
  component: DeliveryFeesPage,
});
