import type { OrderEventActor, OrderStatus, PaymentMethod, PaymentStatus } from '@contract/orders';

/** The words of the order screens, in one place for the Bangla interface to come. */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = { unpaid: 'Unpaid', paid: 'Paid', refunded: 'Refunded' };

/** Short enough for a table cell; the order's page gives the whole name. */
export const PAYMENT_METHOD_SHORT: Record<PaymentMethod, string> = { cash: 'Cash', 'mobile-banking': 'Mobile banking', ssl: 'Card / online' };

export const ACTOR_LABELS: Record<OrderEventActor, string> = { customer: 'Customer', admin: 'Admin', gateway: 'Payment gateway', system: 'The shop' };
