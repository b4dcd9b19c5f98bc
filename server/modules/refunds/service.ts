import { and, desc, eq } from 'drizzle-orm';
import { toPoisha } from '../../../contract/money';
import { isOnlinePayment, type Refund, type RefundCreateInput, type RefundStatus } from '../../../contract/orders';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { orders, payments, refunds } from '../../db/schema';
import type { AuthUser } from '../../http/auth';
import { conflict, forbidden, notFound } from '../../http/errors';
import { returnStock } from '../orders/service';
import type { PaymentDeps } from '../payments/service';

const REFUND_NOT_FOUND = 'Refund request not found';

type RefundRow = typeof refunds.$inferSelect;

function toRefund(row: RefundRow, order: { id: string; transactionId: string | null; totalPrice: number }): Refund {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    orderId: { _id: order.id, transaction_id: order.transactionId, totalPrice: order.totalPrice },
    refundMethod: row.refundMethod,
    refundNumber: row.refundNumber,
    refundStatus: row.status,
  };
}

const withOrder = (db: Db) =>
  db
    .select({ refund: refunds, order: { id: orders.id, transactionId: orders.transactionId, totalPrice: orders.totalPrice, customerId: orders.customerId } })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId));

/**
 * A customer's refund request for their own paid, still pending order: the refund is recorded and the order
 * cancelled, its stock returned, in one transaction. One request per order.
 */
export async function requestRefund({ db, notify }: Pick<PaymentDeps, 'db' | 'notify'>, actor: AuthUser, input: RefundCreateInput): Promise<Refund> {
  const requested = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).limit(1);
    if (!order) throw notFound('Order not found');
    if (order.customerId !== actor.id) throw forbidden('You can only request refunds for your own orders');
    const [existing] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.orderId, order.id)).limit(1);
    if (existing) throw conflict('A refund has already been requested for this order');
    if (order.paymentStatus !== 'paid' || !isOnlinePayment(order.paymentMethod)) throw conflict('Only orders paid online can be refunded');
    if (order.status !== 'pending') throw conflict('Only pending orders can be cancelled for a refund');

    const [refund] = await tx
      .insert(refunds)
      .values({ id: newId(), orderId: order.id, refundMethod: input.refundMethod, refundNumber: input.refundNumber, amount: order.totalPrice })
      .onConflictDoNothing()
      .returning();
    if (!refund) throw conflict('A refund has already been requested for this order');
    const [cancelled] = await tx
      .update(orders)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending'), eq(orders.paymentStatus, 'paid')))
      .returning({ id: orders.id });
    if (!cancelled) throw conflict('The order changed in the meantime. Please reload and try again.');
    await returnStock(tx, order.id);
    return toRefund(refund, order);
  });
  await notify(input.orderId, 'cancelled');
  return requested;
}

/** Admins see every refund request; customers those of their own orders. Newest first. */
export async function listRefunds(db: Db, actor: AuthUser): Promise<Refund[]> {
  const rows = await withOrder(db)
    .where(actor.role === 'admin' ? undefined : eq(orders.customerId, actor.id))
    .orderBy(desc(refunds.createdAt), desc(refunds.id));
  return rows.map(({ refund, order }) => toRefund(refund, order));
}

/**
 * An admin moves a refund request along. Marking it refunded pays the money back through the gateway when the order
 * was paid there (SSLCommerz, or the sandbox which speaks the same protocol), and marks the order refunded. A
 * refunded request is final.
 */
export async function updateRefundStatus(deps: PaymentDeps, id: string, status: RefundStatus): Promise<Refund> {
  const { db, gateway } = deps;
  const [row] = await withOrder(db).where(eq(refunds.id, id)).limit(1);
  if (!row) throw notFound(REFUND_NOT_FOUND);
  const { refund, order } = row;
  if (refund.status === status) return toRefund(refund, order);
  if (refund.status === 'refunded') throw conflict('This refund has already been paid back');

  let gatewayRefundId: string | null = null;
  if (status === 'refunded') {
    const [payment] = await db
      .select({ bankTranId: payments.bankTranId })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'valid')))
      .limit(1);
    if (payment?.bankTranId) {
      // refe_id = our refund id: asking twice (a retried request) never pays twice.
      const answer = await gateway.refund({
        bankTranId: payment.bankTranId,
        amountPoisha: toPoisha(refund.amount),
        remarks: `Refund of order ${order.id}`,
        referenceId: refund.id,
      });
      gatewayRefundId = answer.refundRefId;
    }
  }

  const settled = await db.transaction(async (tx) => {
    const now = new Date();
    const [updated] = await tx
      .update(refunds)
      .set({ status, updatedAt: now, ...(gatewayRefundId ? { gatewayRefundId } : {}) })
      .where(and(eq(refunds.id, id), eq(refunds.status, refund.status)))
      .returning();
    if (!updated) throw conflict('The refund changed in the meantime. Please reload and try again.');
    if (status === 'refunded') {
      await tx.update(orders).set({ paymentStatus: 'refunded', updatedAt: now }).where(eq(orders.id, order.id));
    }
    return toRefund(updated, order);
  });
  if (status === 'refunded') await deps.notify(order.id, 'refunded');
  return settled;
}
