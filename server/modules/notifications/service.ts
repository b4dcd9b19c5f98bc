import { asc, eq, sql } from 'drizzle-orm';
import { addressInLanguage } from '../../../contract/locale';
import { orderNumber } from '../../../contract/order-number';
import { isOnlinePayment, type OrderStatus } from '../../../contract/orders';
import type { PushPayload } from '../../../contract/push';
import type { Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { customerMessages, orderItems, orders, pushSubscriptions, refunds, returns, users } from '../../db/schema';
import { orderEmail, orderSms, type OrderMessageKey } from './messages';
import { ORDER_PUSH_MESSAGES } from './push-messages';

/**
 * What happened to an order: placed, paid, refunded, its refund request rejected, or moved to a status. Moving it to processing is the shop's own
 * step (the customer hears when it ships), and nothing moves an order back to pending.
 */
export type OrderEvent = 'placed' | 'paid' | 'refunded' | 'refund-rejected' | ReturnEvent | OrderStatus;
/** A step of the order's return: the customer is told each (the amount is what the return pays back). */
export type ReturnEvent = 'return-requested' | 'return-approved' | 'return-rejected' | 'return-received' | 'return-refunded';

type ReturnFacts = { amount: number; pickup: 'courier' | 'drop-off' | null };

type OrderRow = Pick<typeof orders.$inferSelect, 'id' | 'paymentMethod' | 'paymentStatus' | 'cancelReason' | 'trackingCode'>;

/** Which message an event sends for the order as it now stands; null: none. */
function messageKey(event: OrderEvent, order: OrderRow, refundRequested: boolean, orderReturn: ReturnFacts | null): OrderMessageKey | null {
  switch (event) {
    case 'return-approved':
      return orderReturn?.pickup === 'courier' ? 'return-approved-courier' : 'return-approved-drop-off';
    case 'pending':
    case 'processing':
      return null;
    case 'placed':
      return isOnlinePayment(order.paymentMethod) && order.paymentStatus === 'unpaid' ? 'placed-awaiting-payment' : 'placed';
    case 'cancelled':
      if (order.cancelReason === 'not-paid-in-time') return 'cancelled-unpaid';
      if (order.cancelReason === 'not-confirmed') return 'cancelled-unconfirmed';
      if (order.cancelReason === 'returned') return 'cancelled-returned';
      if (order.cancelReason === 'shop') return order.paymentStatus === 'paid' ? 'cancelled-by-shop-paid' : 'cancelled-by-shop';
      return refundRequested ? 'cancelled-refund-requested' : 'cancelled-by-customer';
    case 'shipped':
      return order.trackingCode ? 'shipped-tracked' : 'shipped';
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

/**
 * Writes the customer's message about `event` into `customer_messages`, in the transaction `tx` of the change itself:
 * the message exists exactly when the change is committed. It is rendered now, from the order as the change left it,
 * so a later change (a refund right after a cancellation) cannot alter what this one says.
 */
export async function queueOrderMessage(tx: Tx, publicUrl: string, orderId: string, event: OrderEvent): Promise<void> {
  const [row] = await tx
    .select({
      order: {
        id: orders.id,
        paymentMethod: orders.paymentMethod,
        paymentStatus: orders.paymentStatus,
        cancelReason: orders.cancelReason,
        trackingCode: orders.trackingCode,
        courierName: orders.courierName,
        trackingUrl: orders.trackingUrl,
        customerName: orders.customerName,
        customerEmail: orders.customerEmail,
        phone: orders.phone,
        totalPrice: orders.totalPrice,
        customerId: orders.customerId,
        locale: orders.locale,
      },
      // Flat, not nested: Drizzle would answer a nested object of a left join as null when its first column is.
      accountEmail: users.email,
      accountPhone: users.phone,
      orderNotifications: users.orderNotifications,
      refundRequested: sql<boolean>`exists (select 1 from ${refunds} where ${refunds.orderId} = ${orders.id})`,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.customerId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) return;
  const [orderReturn] = event.startsWith('return-')
    ? await tx.select({ amount: returns.amount, pickup: returns.pickup }).from(returns).where(eq(returns.orderId, orderId)).limit(1)
    : [];
  const key = messageKey(event, row.order, row.refundRequested, orderReturn ?? null);
  if (!key) return;
  const { trackingCode, courierName, trackingUrl } = row.order;
  const tracking = trackingCode && courierName ? { courier: courierName, code: trackingCode, url: trackingUrl } : undefined;
  const total = orderReturn ? orderReturn.amount : row.order.totalPrice;
  const facts = { number: orderNumber(row.order.id), total, link: addressInLanguage(`${publicUrl}/user/my-orders`, row.order.locale), tracking };
  const to = recipient({ email: row.accountEmail, phone: row.accountPhone }, row.order);
  const message = to.includes('@')
    ? { channel: 'email' as const, ...emailParts(orderEmail(key, facts, row.order.customerName, row.order.locale)) }
    : { channel: 'sms' as const, subject: null, body: orderSms(key, facts, row.order.locale) };
  const now = new Date();
  await tx.insert(customerMessages).values({ id: newId(), orderId, kind: key, recipient: to, ...message, nextAttemptAt: now, createdAt: now });
  if (row.order.customerId && row.orderNotifications && (await hasPushSubscription(tx, row.order.customerId))) {
    const payload = await pushPayload(tx, publicUrl, row.order.id, ORDER_PUSH_MESSAGES[row.order.locale][key]({ number: facts.number, total, tracking }));
    await tx.insert(customerMessages).values({
      id: newId(),
      orderId,
      kind: key,
      channel: 'push',
      recipient: row.order.customerId,
      subject: payload.title,
      body: JSON.stringify(payload),
      nextAttemptAt: now,
      createdAt: now,
    });
  }
}

async function hasPushSubscription(tx: Tx, userId: string): Promise<boolean> {
  const [found] = await tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).limit(1);
  return Boolean(found);
}

/** The width of the product picture a notification shows (Android draws it about 360 px wide, at most 2:1). */
export const PUSH_IMAGE_WIDTH = 320;

/** Where a notification about an order opens the app: My Orders, with that order's details open. */
export const orderPagePath = (orderId: string) => `/user/my-orders?order=${encodeURIComponent(orderId)}`;

/** The notification: its text, the order's first product picture (a small rendition, absolute), its page and tag. */
async function pushPayload(tx: Tx, publicUrl: string, orderId: string, text: { title: string; body: string }): Promise<PushPayload> {
  const [first] = await tx
    .select({ image: orderItems.image })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position))
    .limit(1);
  const image = pushImage(publicUrl, first?.image ?? null);
  return { ...text, ...(image && { image }), url: orderPagePath(orderId), tag: `order-${orderId}` };
}

/** The shop's own uploads in their small rendition; a picture hosted elsewhere only when it is https. */
function pushImage(publicUrl: string, image: string | null): string | null {
  if (!image) return null;
  if (image.startsWith('/media/')) return `${publicUrl}${image.split('?')[0]}?w=${PUSH_IMAGE_WIDTH}`;
  return image.startsWith('https://') ? image : null;
}

const emailParts = ({ subject, text }: { subject: string; text: string }) => ({ subject, body: text });
