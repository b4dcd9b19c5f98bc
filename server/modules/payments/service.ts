import { and, desc, eq, isNotNull, isNull, ne, notExists, sql } from 'drizzle-orm';
import { toPoisha } from '../../../contract/money';
import type { Db, Tx } from '../../db/client';
import { newId } from '../../db/ids';
import type { AuthUser } from '../../http/auth';
import { conflict, notFound } from '../../http/errors';
import { orderItems, orders, payments, refunds } from '../../db/schema';
import type { OrderMessages } from '../notifications/sender';
import type { PaymentGateway } from './gateway';
import { checkValidation, STATUS, type Fields } from './protocol';
import { BY_GATEWAY, BY_SHOP, recordOrderEvent } from '../orders/events';

export type PaymentDeps = { db: Db; gateway: PaymentGateway; publicUrl: string; messages: OrderMessages };

/** Our tran_ids are order-style ids; anything else in a callback is not ours and never echoed into a URL. */
export const TRAN_ID_PATTERN = /^[0-9a-f]{24}$/;

/** An order's latest try at paying. */
const latestTry = (db: Db | Tx, orderId: string) =>
  db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt), desc(payments.id)).limit(1);

/**
 * The gateway page for an order's latest try at paying: opened once, then the stored page is answered again (a retried
 * order placement gets the same page). Throws 502 when the gateway does not answer; the order stays unpaid.
 */
export async function paymentPageFor(deps: PaymentDeps, orderId: string): Promise<string> {
  const { db, gateway, publicUrl } = deps;
  const [latest] = await latestTry(db, orderId);
  const [row] = latest
    ? await db.select({ payment: payments, order: orders }).from(payments).innerJoin(orders, eq(orders.id, payments.orderId)).where(eq(payments.id, latest.id))
    : [];
  if (!row) throw new Error(`order ${orderId} has no payment`);
  const { payment, order } = row;
  if (payment.gatewayUrl) return payment.gatewayUrl;

  const lines = await db.select({ name: orderItems.productName }).from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.position);
  const session = await gateway.openSession({
    tranId: payment.tranId,
    amountPoisha: toPoisha(payment.amount),
    productName: lines
      .map((line) => line.name)
      .join(', ')
      .slice(0, 250),
    numberOfItems: lines.length,
    customer: {
      name: order.customerName,
      // SSLCommerz requires an address; shoppers who registered by phone have none.
      email: order.customerEmail ?? `no-email@${new URL(publicUrl).hostname}`,
      phone: order.phone,
      address: order.addressDetails,
      city: order.city,
      state: order.division,
    },
    urls: {
      success: `${publicUrl}/api/payment/success`,
      fail: `${publicUrl}/api/payment/fail`,
      cancel: `${publicUrl}/api/payment/cancel`,
      ipn: `${publicUrl}/api/payment/ipn`,
    },
    orderId,
  });
  // Two retries racing may both open a session; the first stored page is the one every answer gives.
  await db
    .update(payments)
    .set({ sessionKey: session.sessionKey, gatewayUrl: session.gatewayUrl, updatedAt: new Date() })
    .where(and(eq(payments.id, payment.id), isNull(payments.gatewayUrl)));
  const [stored] = await db.select({ url: payments.gatewayUrl }).from(payments).where(eq(payments.id, payment.id));
  return stored?.url ?? session.gatewayUrl;
}

/**
 * The gateway page for another try at paying an online order still waiting for its payment ('Pay now'): the page of
 * the last try while it is open, else a new try under a new transaction id (the gateway takes each id once). Earlier
 * tries stay the order's: a success still arriving on one of their pages pays it. The order's stock stays reserved
 * until it is paid or released.
 */
export async function paymentPageAgain(deps: PaymentDeps, orderId: string): Promise<string> {
  await deps.db.transaction(async (tx) => {
    // The order's row is locked while the latest try is read: of two presses at once, one starts the new try and
    // both get its page.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
    const [latest] = await latestTry(tx, orderId);
    if (!latest) throw new Error(`order ${orderId} has no payment`);
    if (latest.status !== 'failed' && latest.status !== 'cancelled') return;
    const tranId = newId();
    await tx.insert(payments).values({ id: newId(), orderId, tranId, provider: latest.provider, amount: latest.amount, currency: latest.currency });
    await tx.update(orders).set({ transactionId: tranId, updatedAt: new Date() }).where(eq(orders.id, orderId));
  });
  return paymentPageFor(deps, orderId);
}

const PAYMENT_NOT_FOUND = 'Payment not found';

/**
 * 'Pay now' on the shopper's own unpaid online order, named by the transaction id of any of its tries (My Orders, the
 * failure page): pressed twice, or from a page that still shows an earlier try, it answers the latest try's page.
 */
export async function payAgain(deps: PaymentDeps, actor: AuthUser, tranId: string): Promise<string> {
  const [row] = await deps.db
    .select({ orderId: orders.id, customerId: orders.customerId, status: orders.status, paymentStatus: orders.paymentStatus })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.tranId, tranId))
    .limit(1);
  if (!row || row.customerId !== actor.id) throw notFound(PAYMENT_NOT_FOUND);
  if (row.paymentStatus !== 'unpaid') throw conflict('This order is already paid');
  if (row.status !== 'pending') throw conflict('This order was cancelled and can no longer be paid');
  return paymentPageAgain(deps, row.orderId);
}

export type CallbackOutcome = {
  /** Our tran_id when the callback named one of ours, else null. */
  tranId: string | null;
  paid: boolean;
  /** False when the callback could not be trusted (bad signature, failed validation): nothing was changed. */
  accepted: boolean;
};

/**
 * A gateway callback or IPN, for any try at paying an order. Acted on only when verify_sign holds; a success only after
 * the validation API confirms tran_id, amount and currency. Each try is settled once: once valid, later callbacks
 * change nothing. A failure or cancellation is recorded only while the try is still open, and a validated success may
 * still follow it (the shopper can retry on the gateway page). The first validated try pays the order; a success on
 * another try of an order already paid (or paid back) is surplus, and goes back through the gateway.
 */
export async function handleCallback(deps: PaymentDeps, fields: Fields): Promise<CallbackOutcome> {
  const { db, gateway } = deps;
  const tranId = fields.tran_id && TRAN_ID_PATTERN.test(fields.tran_id) ? fields.tran_id : null;
  if (!tranId) return { tranId: null, paid: false, accepted: false };
  const [payment] = await db.select().from(payments).where(eq(payments.tranId, tranId)).limit(1);
  if (!payment) return { tranId: null, paid: false, accepted: false };
  const unchanged = (accepted: boolean): CallbackOutcome => ({ tranId, paid: payment.status === 'valid', accepted });

  if (!gateway.verify(fields)) return unchanged(false);
  if (payment.status === 'valid') return unchanged(true);

  const status = fields.status;
  if (status !== STATUS.valid && status !== STATUS.validated) {
    await db
      .update(payments)
      .set({ status: status === STATUS.cancelled ? 'cancelled' : 'failed', updatedAt: new Date() })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'initiated')));
    return { tranId, paid: false, accepted: true };
  }

  const valId = fields.val_id ?? '';
  // An unreachable validation API settles nothing now; the gateway repeats its IPN until we answer 200.
  const answer = await gateway.validate(valId).catch(() => null);
  if (!answer) return unchanged(false);
  const verdict = checkValidation(answer, { tranId, valId, amountPoisha: toPoisha(payment.amount) });
  if (!verdict.ok) return unchanged(false);

  const settledOrder = await db.transaction(async (tx) => {
    const now = new Date();
    // The order's row first: two tries of one order settling at once are taken one after the other.
    const [before] = await tx.select({ paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, payment.orderId)).for('update');
    const [settled] = await tx
      .update(payments)
      .set({ status: 'valid', valId, bankTranId: verdict.bankTranId, validatedAt: now, updatedAt: now })
      .where(and(eq(payments.id, payment.id), ne(payments.status, 'valid')))
      .returning({ orderId: payments.orderId });
    // A concurrent callback for the same payment settled it first: nothing more to do.
    if (!settled) return null;
    const [order] = await tx
      .update(orders)
      .set({ paymentStatus: 'paid', updatedAt: now })
      .where(and(eq(orders.id, settled.orderId), eq(orders.paymentStatus, 'unpaid')))
      .returning({ id: orders.id, status: orders.status });
    if (!order) {
      // Another try paid the order first: this money is not the order's.
      await tx.update(payments).set({ surplus: true }).where(eq(payments.id, payment.id));
      const unchanged = before?.paymentStatus ?? 'paid';
      await recordOrderEvent(tx, settled.orderId, {
        kind: 'payment',
        from: unchanged,
        to: unchanged,
        by: BY_GATEWAY,
        note: `A second payment (${tranId}) arrived for an order already paid; it is paid back through the gateway`,
        at: now,
      });
      return { surplus: true as const };
    }
    await recordOrderEvent(tx, order.id, { kind: 'payment', from: 'unpaid', to: 'paid', by: BY_GATEWAY, at: now });
    // Paid after it was cancelled: the refund that follows is told instead.
    if (order.status !== 'cancelled') await deps.messages.queue(tx, order.id, 'paid');
    return order;
  });
  // A second payment for one order goes back at once (or on the housekeeping's next round, if the gateway fails now).
  if (settledOrder && 'surplus' in settledOrder) await refundSurplusPayment(deps, payment.id).catch(() => false);
  // Paid on a gateway page still open after the order was cancelled (by the shopper, or unpaid for too long): the
  // shop keeps no money for an order it will not deliver.
  else if (settledOrder?.status === 'cancelled') await refundCancelledPayment(deps, settledOrder.id);
  else if (settledOrder) deps.messages.sendSoon();
  return { tranId, paid: true, accepted: true };
}

/**
 * Pays back through the gateway, in full, the payment of an order that is cancelled but paid — paid after it was
 * cancelled, or cancelled by the shop after it was paid — unless the shopper asked for a refund of their own (that
 * request goes to an admin). The gateway's refund is asked with the payment's id as its reference, so asking again
 * (a retry, a second process) never pays twice. Answers whether a refund was made.
 */
export async function refundCancelledPayment(deps: PaymentDeps, orderId: string): Promise<boolean> {
  const { db, gateway } = deps;
  const [payment] = await db
    .select({ id: payments.id, amount: payments.amount, bankTranId: payments.bankTranId })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.orderId, orderId), ...refundableWithoutRequest))
    .limit(1);
  if (!payment?.bankTranId) return false;
  const answer = await gateway.refund({
    bankTranId: payment.bankTranId,
    amountPoisha: toPoisha(payment.amount),
    remarks: `Order ${orderId} was cancelled`,
    referenceId: payment.id,
  });
  const refunded = await db.transaction(async (tx) => {
    const now = new Date();
    await tx.update(payments).set({ refundRefId: answer.refundRefId, refundedAt: now, updatedAt: now }).where(eq(payments.id, payment.id));
    const [refunded] = await tx
      .update(orders)
      .set({ paymentStatus: 'refunded', updatedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'paid')))
      .returning({ id: orders.id });
    if (refunded) {
      await recordOrderEvent(tx, orderId, {
        kind: 'payment',
        from: 'paid',
        to: 'refunded',
        by: BY_SHOP,
        note: 'Paid back through the gateway: the order was cancelled',
        at: now,
      });
      await deps.messages.queue(tx, orderId, 'refunded');
    }
    return refunded;
  });
  if (refunded) deps.messages.sendSoon();
  return true;
}

/** A settled payment of a cancelled, paid order, not yet given back, whose shopper made no refund request. */
const refundableWithoutRequest = [
  eq(payments.status, 'valid'),
  eq(payments.surplus, false),
  isNull(payments.refundedAt),
  eq(orders.status, 'cancelled'),
  eq(orders.paymentStatus, 'paid'),
  notExists(sql`(select 1 from ${refunds} where ${refunds.orderId} = ${orders.id})`),
];

/** Orders whose payment `refundCancelledPayment` must still give back: those a failed gateway call left behind. */
export async function ordersAwaitingRefund(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ orderId: payments.orderId })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(...refundableWithoutRequest))
    .limit(limit);
  return rows.map((row) => row.orderId);
}

/** A surplus payment not yet given back. */
const surplusUnrefunded = [eq(payments.status, 'valid'), eq(payments.surplus, true), isNull(payments.refundedAt), isNotNull(payments.bankTranId)];

/**
 * Pays back through the gateway, in full, a surplus payment: a success on a try of an order another try had already
 * paid. The gateway's refund is asked with the payment's id as its reference, so asking again (a retry, a second
 * process) never pays twice; the refund is recorded on the payment and in the order's history. Answers whether a
 * refund was made.
 */
export async function refundSurplusPayment(deps: PaymentDeps, paymentId: string): Promise<boolean> {
  const { db, gateway } = deps;
  const [payment] = await db
    .select({
      id: payments.id,
      orderId: payments.orderId,
      tranId: payments.tranId,
      amount: payments.amount,
      bankTranId: payments.bankTranId,
      orderPaymentStatus: orders.paymentStatus,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.id, paymentId), ...surplusUnrefunded))
    .limit(1);
  if (!payment?.bankTranId) return false;
  const answer = await gateway.refund({
    bankTranId: payment.bankTranId,
    amountPoisha: toPoisha(payment.amount),
    remarks: `A second payment for order ${payment.orderId}`,
    referenceId: payment.id,
  });
  return db.transaction(async (tx) => {
    const now = new Date();
    const [refunded] = await tx
      .update(payments)
      .set({ refundRefId: answer.refundRefId, refundedAt: now, updatedAt: now })
      .where(and(eq(payments.id, payment.id), isNull(payments.refundedAt)))
      .returning({ id: payments.id });
    if (refunded) {
      await recordOrderEvent(tx, payment.orderId, {
        kind: 'payment',
        from: payment.orderPaymentStatus,
        to: payment.orderPaymentStatus,
        by: BY_SHOP,
        note: `The second payment (${payment.tranId}) was paid back through the gateway`,
        at: now,
      });
    }
    return refunded !== undefined;
  });
}

/** Surplus payments `refundSurplusPayment` must still give back: those a failed gateway call left behind. */
export async function surplusPaymentsAwaitingRefund(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(...surplusUnrefunded))
    .limit(limit);
  return rows.map((row) => row.id);
}
