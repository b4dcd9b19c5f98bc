import { createFileRoute } from '@tanstack/react-router';
import { MyOrdersPage } from '@/features/account/pages/my-orders-page';

export const Route = createFileRoute('/_main/user/my-orders')({
  component: MyOrdersPage,
});
