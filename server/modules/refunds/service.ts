import { and, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { NO_GATEWAY_REFUND, REFUND_REFERENCE_REQUIRED, type AdminRefund } from '../../../contract/back-office-orders';
import { toPoisha } from '../../../contract/money';
import { isOnlinePayment, type Refund, type RefundCreateInput, type RefundPayout, type RefundStatus } from '../../../contract/orders';
import { pageAnswer, type Page } from '../../../contract/pages';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { orders, payments, refunds, users } from '../../db/schema';
import type { AuthUser } from '../../http/auth';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { byAdmin, byCustomer, recordOrderEvent } from '../orders/events';
import { returnStock } from '../orders/service';
import type { PaymentDeps } from '../payments/service';

const REFUND_NOT_FOUND = 'Refund request not found';
const REASON_REQUIRED = 'Give a reason for the customer';

type RefundRow = typeof refunds.$inferSelect;
type RefundOrder = {
  id: string;
  transactionId: string | null;
  totalPrice: number;
};

function toRefund(row: RefundRow, order: RefundOrder): Refund {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    orderId: {
      _id: order.id,
      transaction_id: order.transactionId,
      totalPrice: order.totalPrice,
    },
    refundMethod: row.refundMethod,
    refundNumber: row.refundNumber,
    refundStatus: row.status,
    rejectReason: row.rejectReason,
    settledAt: row.settledAt?.toISOString() ?? null,
    payout: row.payout,
    manualReference: row.manualReference,
  };
}

const withOrder = (db: Db) =>
  db
    .select({
      refund: refunds,
      order: {
        id: orders.id,
        transactionId: orders.transactionId,
        totalPrice: orders.totalPrice,
        customerId: orders.customerId,
      },
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId));

/**
 * A customer's refund request for their own paid, still pending order: the refund is recorded and the order
 * cancelled, its stock returned, in one transaction. One request per order.
 */
export async function requestRefund({ db, messages }: Pick<PaymentDeps, 'db' | 'messages'>, actor: AuthUser, input: RefundCreateInput): Promise<Refund> {
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
      .values({
        id: newId(),
        orderId: order.id,
        refundMethod: input.refundMethod,
        refundNumber: input.refundNumber,
        amount: order.totalPrice,
      })
      .onConflictDoNothing()
      .returning();
    if (!refund) throw conflict('A refund has already been requested for this order');
    const now = new Date();
    const [cancelled] = await tx
      .update(orders)
      .set({ status: 'cancelled', updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending'), eq(orders.paymentStatus, 'paid')))
      .returning({ id: orders.id });
    if (!cancelled) throw conflict('The order changed in the meantime. Please reload and try again.');
    await returnStock(tx, order.id);
    await recordOrderEvent(tx, order.id, {
      kind: 'status',
      from: 'pending',
      to: 'cancelled',
      by: byCustomer(actor),
      note: 'Refund requested',
      at: now,
    });
    await messages.queue(tx, order.id, 'cancelled');
    return toRefund(refund, order);
  });
  messages.sendSoon();
  return requested;
}

/** Admins see every refund request; customers those of their own orders, with the outcome and a rejection's reason. Newest first. */
export async function listRefunds(db: Db, actor: AuthUser): Promise<Refund[]> {
  const rows = await withOrder(db)
    .where(actor.role === 'admin' ? undefined : eq(orders.customerId, actor.id))
    .orderBy(desc(refunds.createdAt), desc(refunds.id));
  return rows.map(({ refund, order }) => toRefund(refund, order));
}

/** The payment that paid the order through the gateway (not a surplus one), which its refund API can pay back. */
const gatewayRefundable = [eq(payments.status, 'valid'), eq(payments.surplus, false), isNotNull(payments.bankTranId)];

/** The settled gateway payment of an order, when the gateway can pay it back. */
export async function gatewayPayment(db: Db, orderId: string) {
  const [payment] = await db
    .select({ bankTranId: payments.bankTranId })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), ...gatewayRefundable))
    .limit(1);
  return payment?.bankTranId ? { bankTranId: payment.bankTranId } : null;
}

async function refundAndOrder(db: Db, id: string) {
  const [row] = await withOrder(db).where(eq(refunds.id, id)).limit(1);
  if (!row) throw notFound(REFUND_NOT_FOUND);
  return row;
}

/** A request still open to approve or reject: waiting, or approved earlier and not yet paid. */
function mustBeOpen(refund: RefundRow): void {
  if (refund.status === 'refunded') throw conflict('This refund has already been paid back');
  if (refund.status === 'rejected') throw conflict('This refund was rejected');
}

const CHANGED = 'The refund changed in the meantime. Please reload and try again.';

/**
 * An admin approves a refund and the money goes back: through the gateway (the default when the order's payment was
 * settled there; our refund id is the gateway's reference, so a retried approval never pays twice), or recorded as
 * sent by hand to the customer's bKash, Nagad or Rocket number with the transfer's id. The request becomes
 * `refunded` and the order's payment `refunded`, with the change in its history, in one transaction.
 */
export async function approveRefund(deps: PaymentDeps, admin: AuthUser, id: string, input: { payout?: RefundPayout; reference?: string }): Promise<Refund> {
  const { db, gateway } = deps;
  const { refund, order } = await refundAndOrder(db, id);
  mustBeOpen(refund);
  const payment = await gatewayPayment(db, order.id);
  const payout = input.payout ?? (payment ? 'gateway' : 'manual');
  if (payout === 'gateway' && !payment) throw conflict(NO_GATEWAY_REFUND);
  if (payout === 'manual' && !input.reference) throw badRequest(REFUND_REFERENCE_REQUIRED);

  let gatewayRefundId: string | null = null;
  if (payout === 'gateway' && payment) {
    const answer = await gateway.refund({
      bankTranId: payment.bankTranId,
      amountPoisha: toPoisha(refund.amount),
      remarks: `Refund of order ${order.id}`,
      referenceId: refund.id,
    });
    gatewayRefundId = answer.refundRefId;
  }

  const settled = await db.transaction(async (tx) => {
    const now = new Date();
    const [updated] = await tx
      .update(refunds)
      .set({
        status: 'refunded',
        payout,
        gatewayRefundId,
        manualReference: payout === 'manual' ? input.reference! : null,
        settledBy: admin.id,
        settledAt: now,
        updatedAt: now,
      })
      .where(and(eq(refunds.id, id), eq(refunds.status, refund.status)))
      .returning();
    if (!updated) throw conflict(CHANGED);
    const [paidBack] = await tx
      .update(orders)
      .set({ paymentStatus: 'refunded', updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'paid')))
      .returning({ id: orders.id });
    if (paidBack) {
      const note =
        payout === 'gateway'
          ? 'Refund approved: paid back through the gateway'
          : `Refund approved: sent to ${refund.refundMethod} ${refund.refundNumber} (${input.reference!})`;
      await recordOrderEvent(tx, order.id, {
        kind: 'payment',
        from: 'paid',
        to: 'refunded',
        by: byAdmin(admin),
        note,
        at: now,
      });
    }
    await deps.messages.queue(tx, order.id, 'refunded');
    return toRefund(updated, order);
  });
  deps.messages.sendSoon();
  return settled;
}

/** An admin rejects a refund request; the reason is kept and shown to the customer. The order stays as it is. */
export async function rejectRefund({ db, messages }: Pick<PaymentDeps, 'db' | 'messages'>, admin: AuthUser, id: string, reason: string): Promise<Refund> {
  const { refund, order } = await refundAndOrder(db, id);
  mustBeOpen(refund);
  const updated = await db.transaction(async (tx) => {
    const now = new Date();
    const [updated] = await tx
      .update(refunds)
      .set({
        status: 'rejected',
        rejectReason: reason,
        settledBy: admin.id,
        settledAt: now,
        updatedAt: now,
      })
      .where(and(eq(refunds.id, id), eq(refunds.status, refund.status)))
      .returning();
    if (!updated) throw conflict(CHANGED);
    await messages.queue(tx, order.id, 'refund-rejected');
    return updated;
  });
  messages.sendSoon();
  return toRefund(updated, order);
}

/**
 * `PATCH /api/refund/:id`: `refunded` approves (see approveRefund), `rejected` rejects with the reason given, and
 * `pending` or `approved` only mark the request. A refunded or rejected request is final.
 */
export async function updateRefundStatus(
  deps: PaymentDeps,
  admin: AuthUser,
  id: string,
  change: { status: RefundStatus; reason?: string; reference?: string },
): Promise<Refund> {
  const { db } = deps;
  const { refund, order } = await refundAndOrder(db, id);
  if (refund.status === change.status) return toRefund(refund, order);
  mustBeOpen(refund);
  if (change.status === 'refunded') return approveRefund(deps, admin, id, { reference: change.reference });
  if (change.status === 'rejected') {
    if (!change.reason) throw badRequest(REASON_REQUIRED);
    return rejectRefund(deps, admin, id, change.reason);
  }
  const [updated] = await db
    .update(refunds)
    .set({ status: change.status, updatedAt: new Date() })
    .where(and(eq(refunds.id, id), eq(refunds.status, refund.status)))
    .returning();
  if (!updated) throw conflict(CHANGED);
  return toRefund(updated, order);
}

/* ---------- the admin's refund queue ---------- */

const settler = alias(users, 'settler');

/** Refund requests of one status (waiting ones by default), oldest first so the longest waiting is served first. */
export async function refundQueue(db: Db, query: { status: RefundStatus; page: number; limit: number }): Promise<Page<AdminRefund>> {
  const where = eq(refunds.status, query.status);
  const [counted] = await db.select({ n: count() }).from(refunds).where(where);
  const total = counted?.n ?? 0;
  const rows = await db
    .select({
      refund: refunds,
      order: {
        id: orders.id,
        transactionId: orders.transactionId,
        totalPrice: orders.totalPrice,
        customerName: orders.customerName,
        phone: orders.phone,
        paymentMethod: orders.paymentMethod,
      },
      settledBy: settler.name,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .leftJoin(settler, eq(settler.id, refunds.settledBy))
    .where(where)
    .orderBy(refunds.createdAt, refunds.id)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const settledPayments = rows.length
    ? await db
        .select({ orderId: payments.orderId })
        .from(payments)
        .where(
          and(
            inArray(
              payments.orderId,
              rows.map((row) => row.order.id),
            ),
            ...gatewayRefundable,
          ),
        )
    : [];
  const refundable = new Set(settledPayments.map((payment) => payment.orderId));
  return pageAnswer(
    rows.map(({ refund, order, settledBy }) => ({
      ...toRefund(refund, order),
      customerName: order.customerName,
      phone: order.phone,
      paymentMethod: order.paymentMethod,
      gatewayRefundable: refundable.has(order.id),
      settledBy: settledBy ?? null,
    })),
    total,
    query.page,
    query.limit,
  );
}

/** The refund request of an order, if its customer made one. */
export async function refundOfOrder(db: Db, orderId: string): Promise<Refund | null> {
  const [row] = await withOrder(db).where(eq(refunds.orderId, orderId)).limit(1);
  return row ? toRefund(row.refund, row.order) : null;
}
