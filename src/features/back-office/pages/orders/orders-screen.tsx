import type { ScreenProps } from '../../lib/screens';
import { OrderDetailPage } from './order-detail-page';
import { OrderQueuePage } from './order-queue-page';

/** The admin's orders: the queue, or an order by its id. */
export function OrdersScreen({ rest }: ScreenProps) {
  return rest === '' ? <OrderQueuePage /> : <OrderDetailPage orderId={rest} />;
}
