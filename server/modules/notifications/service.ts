import { eq, sql } from 'drizzle-orm';
import { orderNumber } from '../../../contract/order-number';
import { isOnlinePayment, type OrderStatus } from '../../../contract/orders';
import type { Mailer } from '../../adapters/mail';
import type { SmsSender } from '../../adapters/sms';
import type { Db } from '../../db/client';
import { orders, refunds, users } from '../../db/schema';
import { orderEmail, orderSms, type OrderMessageKey } from './messages';

/**
 * What happened to an order: placed, paid, refunded, its refund request rejected, or moved to a status. Moving it to processing is the shop's own
 * step (the customer hears when it ships), and nothing moves an order back to pending.
 */
export type OrderEvent = 'placed' | 'paid' | 'refunded' | 'refund-rejected' | OrderStatus;

/**
 * Tells the customer what happened to their order. Called once the change is committed, so a change that failed or
 * rolled back tells nobody; it never throws (the change is made whatever becomes of its message).
 */
export type NotifyCustomer = (orderId: string, event: OrderEvent) => Promise<void>;

export type NotifierDeps = {
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  publicUrl: string;
  /** A message that could not be written or handed to its provider. */
  onError: (error: unknown, orderId: string) => void;
};

type OrderRow = Pick<typeof orders.$inferSelect, 'id' | 'paymentMethod' | 'paymentStatus' | 'cancelReason'>;

/** Which message an event sends for the order as it now stands; null: none. */
function messageKey(event: OrderEvent, order: OrderRow, refundRequested: boolean): OrderMessageKey | null {
  switch (event) {
    case 'pending':
    case 'processing':
      return null;
    case 'placed':
      return isOnlinePayment(order.paymentMethod) && order.paymentStatus === 'unpaid' ? 'placed-awaiting-payment' : 'placed';
    case 'cancelled':
      if (order.cancelReason === 'not-paid-in-time') return 'cancelled-unpaid';
      if (order.cancelReason === 'shop') return order.paymentStatus === 'paid' ? 'cancelled-by-shop-paid' : 'cancelled-by-shop';
      return refundRequested ? 'cancelled-refund-requested' : 'cancelled-by-customer';
    default:
      return event;
  }
}

/**
 * Where the customer hears: the account's email when it has one (every email on an account was proven), else its
 * phone. An order whose account was deleted goes to the contact stored with the order, the email first.
 */
function recipient(account: { email: string | null; phone: string | null }, order: { customerEmail: string | null; phone: string }): string {
  if (account.email) return account.email;
  if (account.phone) return account.phone;
  return order.customerEmail || order.phone;
}

export function customerNotifier({ db, mailer, sms, publicUrl, onError }: NotifierDeps): NotifyCustomer {
  const link = `${publicUrl}/user/my-orders`;
  return async (orderId, event) => {
    try {
      const [row] = await db
        .select({
          order: {
            id: orders.id,
            paymentMethod: orders.paymentMethod,
            paymentStatus: orders.paymentStatus,
            cancelReason: orders.cancelReason,
            customerName: orders.customerName,
            customerEmail: orders.customerEmail,
            phone: orders.phone,
            totalPrice: orders.totalPrice,
          },
          // Flat, not nested: Drizzle would answer a nested object of a left join as null when its first column is.
          accountEmail: users.email,
          accountPhone: users.phone,
          refundRequested: sql<boolean>`exists (select 1 from ${refunds} where ${refunds.orderId} = ${orders.id})`,
        })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.customerId))
        .where(eq(orders.id, orderId))
        .limit(1);
      if (!row) return;
      const key = messageKey(event, row.order, row.refundRequested);
      if (!key) return;
      const facts = { number: orderNumber(row.order.id), total: row.order.totalPrice, link };
      const to = recipient({ email: row.accountEmail, phone: row.accountPhone }, row.order);
      // Handed to the provider without waiting for it: a slow SMTP server does not hold up the answer.
      const sent = to.includes('@') ? mailer.send({ to, ...orderEmail(key, facts, row.order.customerName) }) : sms.send({ to, text: orderSms(key, facts) });
      sent.catch((error: unknown) => onError(error, orderId));
    } catch (error) {
      onError(error, orderId);
    }
  };
}
