import { createFileRoute } from '@tanstack/react-router';
import { MyOrdersPage } from '@/features/account/pages/my-orders-page';

// The address may name one order (`?order=<id>`, where a push notification about it leads): its details open. Read
// here, not in the feature, so the route table a first visit loads takes none of the feature's code.
const myOrdersSearch = (raw: Record<string, unknown>): { order?: string } =>
  typeof raw.order === 'string' && raw.order.length <= 64 ? { order: raw.order } : {};

export const Route = createFileRoute('/_main/user/my-orders')({
  validateSearch: myOrdersSearch,
  component: MyOrdersRoute,
});

function MyOrdersRoute() {
  const { order } = Route.useSearch();
  return <MyOrdersPage linkedOrderId={order} />;
}
