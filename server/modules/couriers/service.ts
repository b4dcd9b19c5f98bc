import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import { apiMessage } from '../../../contract/api-messages';
import { COURIER_NAMES, type CourierProvider, type OtherCourier } from '../../../contract/courier';
import { orderNumber } from '../../../contract/order-number';
import type { Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { orderItems, orders, parcelEvents } from '../../db/schema';
import type { AuthUser } from '../../http/auth';
import { conflict, HttpError, notFound } from '../../http/errors';
import { BY_COURIER, byAdmin, recordOrderEvent } from '../orders/events';
import { returnStock } from '../orders/service';
import { refundCancelledPayment, type PaymentDeps } from '../payments/service';
import { receiveReturnByCourier } from '../returns/service';
import { CourierError, type ParcelCourier, type ParcelUpdate } from './parcel-courier';

/** What booking parcels and hearing from couriers need: the payments' (a returned paid parcel is paid back) and the courier. */
export type CourierDeps = PaymentDeps & { courier: ParcelCourier; log: { error(details: object, line: string): void } };

/** A booking whose process stopped mid-way holds the order this long; then it may be booked again. */
export const BOOKING_HOLD_MS = 2 * 60_000;

type OrderRow = typeof orders.$inferSelect;

/** The order, if it may be handed to a courier now: in processing (so confirmed, and paid when paid online), without a parcel yet. */
async function orderToShip(deps: CourierDeps, orderId: string): Promise<OrderRow> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw notFound('Order not found');
  if (order.cashConfirmation === 'awaiting') throw conflict(apiMessage('cashOrderUnconfirmed'));
  if (order.trackingCode) throw conflict(apiMessage('parcelAlreadyBooked'));
  if (order.status !== 'processing') throw conflict(apiMessage('parcelNotBookable', order.status));
  return order;
}

/** The order as its courier is told it: the address on one line, cash to collect only while it is unpaid. */
async function parcelOf(deps: CourierDeps, order: OrderRow) {
  const [units] = await deps.db.select({ n: count() }).from(orderItems).where(eq(orderItems.orderId, order.id));
  const names = await deps.db
    .select({ name: orderItems.productName, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .limit(5);
  return {
    orderId: order.id,
    number: orderNumber(order.id),
    recipientName: order.customerName,
    phone: order.phone,
    address: `${order.addressDetails}, ${order.city}, ${order.district}`.replace(/\s+/g, ' '),
    district: order.district,
    city: order.city,
    codAmount: order.paymentStatus === 'unpaid' ? order.totalPrice : 0,
    itemCount: Math.max(1, units?.n ?? 1),
    description: names
      .map((line) => `${line.name} × ${line.quantity}`)
      .join(', ')
      .slice(0, 200),
  };
}

/**
 * Marks the order shipped with its parcel, in one transaction: its tracking, the parcel's first event, its history and
 * the customer's message (the code and the link, in their language). Conditional on the order being still in
 * processing without a parcel: a cancellation meanwhile wins, and the booking is reported for the shop to cancel.
 */
async function markShipped(
  deps: CourierDeps,
  admin: AuthUser,
  order: OrderRow,
  parcel: { provider: CourierProvider | 'other'; name: string; consignmentId: string | null; trackingCode: string; trackingUrl: string | null },
): Promise<boolean> {
  const shipped = await deps.db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(orders)
      .set({
        status: 'shipped',
        courierProvider: parcel.provider,
        courierName: parcel.name,
        consignmentId: parcel.consignmentId,
        trackingCode: parcel.trackingCode,
        trackingUrl: parcel.trackingUrl,
        courierBookingAt: null,
        updatedAt: now,
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'processing'), isNull(orders.trackingCode)))
      .returning({ id: orders.id });
    if (!row) return false;
    await tx.insert(parcelEvents).values({ id: newId(), orderId: order.id, status: 'booked', courierStatus: 'booked', occurredAt: now });
    const note = `${parcel.name}: ${parcel.trackingCode}`;
    await recordOrderEvent(tx, order.id, { kind: 'status', from: 'processing', to: 'shipped', by: byAdmin(admin), note, at: now });
    await deps.messages.queue(tx, order.id, 'shipped');
    return true;
  });
  deps.messages.sendSoon();
  return shipped;
}

/**
 * Books the order's parcel with the shop's courier (the cash to collect is the total of an unpaid order, else 0) and
 * marks it shipped. The order is claimed first, so two admins at once book one parcel; the claim is let go when the
 * courier refuses or does not answer, so the admin can try again.
 */
export async function bookParcel(deps: CourierDeps, admin: AuthUser, orderId: string): Promise<void> {
  const order = await orderToShip(deps, orderId);
  const now = new Date();
  const [claimed] = await deps.db
    .update(orders)
    .set({ courierBookingAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, 'processing'),
        isNull(orders.trackingCode),
        or(isNull(orders.courierBookingAt), lt(orders.courierBookingAt, new Date(now.getTime() - BOOKING_HOLD_MS))),
      ),
    )
    .returning({ id: orders.id });
  if (!claimed) throw conflict(apiMessage('parcelBookingUnderWay'));
  let booked;
  try {
    booked = await deps.courier.book(await parcelOf(deps, order));
  } catch (error) {
    await deps.db.update(orders).set({ courierBookingAt: null }).where(eq(orders.id, orderId));
    deps.log.error({ err: error, orderId }, 'parcel not booked');
    throw new HttpError(502, apiMessage('courierNotBooking', COURIER_NAMES[deps.courier.provider]));
  }
  const provider = deps.courier.provider;
  const shipped = await markShipped(deps, admin, order, { provider, name: COURIER_NAMES[provider], ...booked });
  if (!shipped) {
    deps.log.error({ orderId, provider, consignmentId: booked.consignmentId }, 'parcel booked for an order cancelled meanwhile: cancel it with the courier');
    throw conflict(apiMessage('orderChanged'));
  }
}

/** The parcel went with a courier the shop has no account with: recorded by hand, with its code and tracking page. */
export async function shipWithOtherCourier(deps: CourierDeps, admin: AuthUser, orderId: string, other: OtherCourier): Promise<void> {
  const order = await orderToShip(deps, orderId);
  const shipped = await markShipped(deps, admin, order, {
    provider: 'other',
    name: other.courier,
    consignmentId: null,
    trackingCode: other.code,
    trackingUrl: other.url ?? null,
  });
  if (!shipped) throw conflict(apiMessage('orderChanged'));
}

export type UpdateOutcome = 'applied' | 'repeated' | 'unknown';

/**
 * A courier's update of a parcel: recorded once per status and order (the unique key of `parcel_events`), whatever
 * the courier sends again; it moves the order only from shipped, so one that comes late (on its way, after delivered)
 * or contradicts a final one (delivered after returned) is kept in the timeline and changes nothing. Delivered: the
 * order is delivered and a cash order's cash collected (paid). Returned to the shop: the order is cancelled, its stock
 * back per line and variant, the customer told, and a payment made online paid back. Returned after delivery: the
 * customer's return the courier collected is received, its units back in stock.
 */
export async function applyParcelUpdate(deps: CourierDeps, provider: CourierProvider, update: ParcelUpdate): Promise<UpdateOutcome> {
  const { db } = deps;
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.courierProvider, provider), eq(orders.consignmentId, update.consignmentId)))
    .limit(1);
  if (!order) return 'unknown';
  const outcome = await db.transaction(async (tx) => {
    const [event] = await tx
      .insert(parcelEvents)
      .values({ id: newId(), orderId: order.id, status: update.status, courierStatus: update.courierStatus.slice(0, 100), occurredAt: update.at })
      .onConflictDoNothing({ target: [parcelEvents.orderId, parcelEvents.status] })
      .returning({ id: parcelEvents.id });
    if (!event) return { applied: false, refund: false };
    if (update.status === 'delivered') await deliver(deps, tx, order.id, update);
    if (update.status === 'returned') {
      // A delivered order's parcel coming back is a customer's return the courier collected.
      if (await receiveReturnByCourier(deps, tx, order.id, update.courierStatus.slice(0, 100))) return { applied: true, refund: false };
      return { applied: true, refund: await cancelReturned(deps, tx, order.id, update) };
    }
    return { applied: true, refund: false };
  });
  if (!outcome.applied) return 'repeated';
  deps.messages.sendSoon();
  if (outcome.refund) await refundCancelledPayment(deps, order.id);
  return 'applied';
}

async function deliver(deps: CourierDeps, tx: Tx, orderId: string, update: ParcelUpdate): Promise<void> {
  const now = new Date();
  const [before] = await tx.select({ paymentMethod: orders.paymentMethod, paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId));
  // Cash on delivery is collected at the door: a delivered cash order is a paid one.
  const collectsCash = before?.paymentMethod === 'cash' && before.paymentStatus === 'unpaid';
  const [row] = await tx
    .update(orders)
    .set({ status: 'delivered', deliveredAt: now, updatedAt: now, ...(collectsCash ? { paymentStatus: 'paid' as const } : {}) })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'shipped')))
    .returning({ id: orders.id });
  if (!row) return;
  await recordOrderEvent(tx, orderId, { kind: 'status', from: 'shipped', to: 'delivered', by: BY_COURIER, note: update.courierStatus, at: now });
  if (collectsCash)
    await recordOrderEvent(tx, orderId, { kind: 'payment', from: 'unpaid', to: 'paid', by: BY_COURIER, note: 'Cash collected at delivery', at: now });
  await deps.messages.queue(tx, orderId, 'delivered');
}

/** Answers whether the order was paid, so its payment goes back once the transaction commits. */
async function cancelReturned(deps: CourierDeps, tx: Tx, orderId: string, update: ParcelUpdate): Promise<boolean> {
  const now = new Date();
  const [row] = await tx
    .update(orders)
    .set({ status: 'cancelled', cancelReason: 'returned', cancelledAt: now, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'shipped')))
    .returning({ paymentStatus: orders.paymentStatus });
  if (!row) return false;
  await returnStock(tx, orderId);
  await recordOrderEvent(tx, orderId, {
    kind: 'status',
    from: 'shipped',
    to: 'cancelled',
    by: BY_COURIER,
    note: `Returned to the shop (${update.courierStatus})`,
    at: now,
  });
  await deps.messages.queue(tx, orderId, 'cancelled');
  return row.paymentStatus === 'paid';
}

/** Asks the courier where the order's parcel is and applies it like its webhook (for an update the webhook missed). */
export async function readParcelStatus(deps: CourierDeps, orderId: string): Promise<void> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw notFound('Order not found');
  if (order.courierProvider !== deps.courier.provider || !order.consignmentId)
    throw conflict(apiMessage('parcelNotWithCourier', COURIER_NAMES[deps.courier.provider]));
  let read;
  try {
    read = await deps.courier.status(order.consignmentId);
  } catch (error) {
    if (!(error instanceof CourierError)) deps.log.error({ err: error, orderId }, 'parcel status not read');
    throw new HttpError(502, apiMessage('courierNotAnswering', COURIER_NAMES[deps.courier.provider]));
  }
  if (read.status)
    await applyParcelUpdate(deps, deps.courier.provider, {
      consignmentId: order.consignmentId,
      status: read.status,
      courierStatus: read.courierStatus,
      at: new Date(),
    });
}
