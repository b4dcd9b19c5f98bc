import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { apiMessage } from '../../../contract/api-messages';
import { REFUND_REFERENCE_REQUIRED, NO_GATEWAY_REFUND } from '../../../contract/back-office-orders';
import { toPoisha } from '../../../contract/money';
import { orderNumber } from '../../../contract/order-number';
import type { RefundPayout } from '../../../contract/orders';
import {
  returnNeedsRefundNumber,
  returnRefundAmount,
  type AdminReturn,
  type CustomerReturn,
  type OrderReturn,
  type ReturnCreateData,
  type ReturnPickup,
  type ReturnStatus,
} from '../../../contract/returns';
import type { Tallies } from '../../cluster/tallies';
import type { Db, Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { orderItems, orders, returnItems, returns } from '../../db/schema';
import type { AuthUser } from '../../http/auth';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { BY_COURIER, byAdmin, byCustomer, recordOrderEvent, type EventBy } from '../orders/events';
import { restock } from '../orders/service';
import type { PaymentDeps } from '../payments/service';
import { gatewayPayment } from '../refunds/service';

/** What returns need: the payments' (the gateway pays back, the customer is told) and the shop's return window. */
export type ReturnDeps = PaymentDeps & { windowDays: number };

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/**
 * Return requests one account may send in an hour, and one client address: each sends the customer a message and
 * reads an order, so both are bounded — per account, since one client can rotate addresses, and per address, since
 * one client can make accounts. Every try counts, refused ones too (someone probing other people's orders).
 */
export const RETURN_REQUESTS_PER_ACCOUNT_PER_HOUR = 10;
export const RETURN_REQUESTS_PER_CLIENT_PER_HOUR = 30;

/** Where a customer's return requests are counted. */
export type ReturnBudget = { tallies: Tallies; accountId: string; client: string };

type ReturnRow = typeof returns.$inferSelect;
type LineRow = { position: number; productName: string; productNameBn: string | null; size: string | null; color: string | null; quantity: number };

function toReturn(row: ReturnRow, lines: LineRow[]): OrderReturn {
  return {
    _id: row.id,
    status: row.status,
    reason: row.reason,
    note: row.note,
    lines: lines.map(({ position, ...line }) => ({ line: position, ...line })),
    amount: row.amount,
    refundMethod: row.refundMethod,
    refundNumber: row.refundNumber,
    pickup: row.pickup,
    rejectReason: row.rejectReason,
    payout: row.payout,
    manualReference: row.manualReference,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    receivedAt: row.receivedAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
  };
}

/** The returned lines of these returns; a line's place is its position in the order (its index among the order's items). */
async function linesOf(db: Db | Tx, returnIds: string[]): Promise<Map<string, LineRow[]>> {
  const byReturn = new Map<string, LineRow[]>();
  if (returnIds.length === 0) return byReturn;
  const rows = await db
    .select({
      returnId: returnItems.returnId,
      position: orderItems.position,
      productName: orderItems.productName,
      productNameBn: orderItems.productNameBn,
      size: orderItems.size,
      color: orderItems.color,
      quantity: returnItems.quantity,
    })
    .from(returnItems)
    .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
    .where(inArray(returnItems.returnId, returnIds))
    .orderBy(asc(orderItems.position));
  for (const { returnId, ...line } of rows) byReturn.set(returnId, [...(byReturn.get(returnId) ?? []), line]);
  return byReturn;
}

async function withinBudget(budget: ReturnBudget | undefined): Promise<void> {
  if (!budget) return;
  const [byAccount = 0, byClient = 0] = await Promise.all([
    budget.tallies.add(`return-requests:user:${budget.accountId}`, 1, HOUR_MS),
    budget.tallies.add(`return-requests:client:${budget.client}`, 1, HOUR_MS),
  ]);
  if (byAccount > RETURN_REQUESTS_PER_ACCOUNT_PER_HOUR || byClient > RETURN_REQUESTS_PER_CLIENT_PER_HOUR) {
    throw new HttpError(429, apiMessage('tooManyReturnRequests'), undefined, 60 * 60);
  }
}

/**
 * A customer asks to return lines of their own delivered order, within the window after its delivery: which lines and
 * how many of each (never more than bought), why, and for an order paid by cash or mobile banking the number to pay
 * back to. The amount it pays back is fixed now (returnRefundAmount). One return per order: the order's row is locked
 * while it is checked, and the returns' unique key on the order settles two requests at once.
 */
export async function requestReturn(deps: ReturnDeps, actor: AuthUser, input: ReturnCreateData, budget?: ReturnBudget): Promise<CustomerReturn> {
  await withinBudget(budget);
  const asked = await deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    // Someone else's order is not found, as an unknown one: ids are not confirmed to strangers.
    if (!order || order.customerId !== actor.id) throw notFound('Order not found');
    if (order.status !== 'delivered' || !order.deliveredAt) throw conflict(apiMessage('returnNotDelivered'));
    if (Date.now() > order.deliveredAt.getTime() + deps.windowDays * DAY_MS) throw conflict(apiMessage('returnWindowClosed', deps.windowDays));
    const [existing] = await tx.select({ id: returns.id }).from(returns).where(eq(returns.orderId, order.id)).limit(1);
    if (existing) throw conflict(apiMessage('returnAlreadyAsked'));
    if (returnNeedsRefundNumber(order.paymentMethod) && !input.refundNumber) throw badRequest(apiMessage('returnRefundNumberNeeded'));

    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.position));
    // A line is named by its position in the order, which is its index among the order's items.
    for (const { line, quantity } of input.lines) {
      const item = items[line];
      if (!item) throw badRequest(apiMessage('returnLineUnknown'));
      if (quantity > item.quantity) throw badRequest(apiMessage('returnMoreThanBought', item.productName, item.quantity));
    }
    const amount = returnRefundAmount(
      {
        items: items.map((item) => ({ price: item.unitPrice, quantity: item.quantity })),
        subTotal: order.subTotal,
        discount: order.discount,
        deliveryFee: order.deliveryFee,
        totalPrice: order.totalPrice,
      },
      input.lines,
      input.reason,
    );
    const now = new Date();
    const [row] = await tx
      .insert(returns)
      .values({
        id: newId(),
        orderId: order.id,
        reason: input.reason,
        note: input.note ?? null,
        amount,
        refundMethod: returnNeedsRefundNumber(order.paymentMethod) ? (input.refundMethod ?? null) : null,
        refundNumber: returnNeedsRefundNumber(order.paymentMethod) ? (input.refundNumber ?? null) : null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(apiMessage('returnAlreadyAsked'));
    await tx.insert(returnItems).values(input.lines.map(({ line, quantity }) => ({ returnId: row.id, orderItemId: items[line]!.id, quantity })));
    await recordOrderEvent(tx, order.id, {
      kind: 'return',
      from: null,
      to: 'requested',
      by: byCustomer(actor),
      note: input.note ? `${input.reason}: ${input.note}` : input.reason,
      at: now,
    });
    await deps.messages.queue(tx, order.id, 'return-requested');
    return row;
  });
  deps.messages.sendSoon();
  const lines = await linesOf(deps.db, [asked.id]);
  return { ...toReturn(asked, lines.get(asked.id) ?? []), orderId: asked.orderId };
}

/** A customer's returns, newest first, each with its order's id. */
export async function returnsOfCustomer(db: Db, actor: AuthUser): Promise<CustomerReturn[]> {
  const rows = await db
    .select({ row: returns })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(eq(orders.customerId, actor.id))
    .orderBy(desc(returns.createdAt), desc(returns.id))
    .limit(200);
  const lines = await linesOf(
    db,
    rows.map(({ row }) => row.id),
  );
  return rows.map(({ row }) => ({ ...toReturn(row, lines.get(row.id) ?? []), orderId: row.orderId }));
}

/* ---------- the back office ---------- */

async function returnById(db: Db | Tx, id: string): Promise<ReturnRow> {
  const [row] = await db.select().from(returns).where(eq(returns.id, id)).limit(1);
  if (!row) throw notFound(apiMessage('returnNotFound'));
  return row;
}

/** Moves the return from `from` to a new state, conditionally, so of two admins at once one does it and the other gets 409. */
async function moveReturn(tx: Tx, id: string, from: ReturnStatus, change: Partial<typeof returns.$inferInsert> & { status: ReturnStatus }): Promise<ReturnRow> {
  const [row] = await tx
    .update(returns)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(returns.id, id), eq(returns.status, from)))
    .returning();
  if (!row) throw conflict(apiMessage('returnChanged'));
  return row;
}

/** The shop approves a request; the parcel comes back with its courier or the customer drops it off. */
export async function approveReturn(deps: ReturnDeps, admin: AuthUser, id: string, pickup: ReturnPickup): Promise<AdminReturn> {
  const current = await returnById(deps.db, id);
  if (current.status !== 'requested') throw conflict(apiMessage('returnDecided'));
  await deps.db.transaction(async (tx) => {
    const now = new Date();
    await moveReturn(tx, id, 'requested', { status: 'approved', pickup, decidedBy: admin.id, decidedAt: now });
    const note = pickup === 'courier' ? 'The courier collects the parcel' : 'The customer drops the parcel off';
    await recordOrderEvent(tx, current.orderId, { kind: 'return', from: 'requested', to: 'approved', by: byAdmin(admin), note, at: now });
    await deps.messages.queue(tx, current.orderId, 'return-approved');
  });
  deps.messages.sendSoon();
  return adminReturn(deps.db, id);
}

/** The shop rejects a request with a reason the customer is shown. */
export async function rejectReturn(deps: ReturnDeps, admin: AuthUser, id: string, reason: string): Promise<AdminReturn> {
  const current = await returnById(deps.db, id);
  if (current.status !== 'requested') throw conflict(apiMessage('returnDecided'));
  await deps.db.transaction(async (tx) => {
    const now = new Date();
    await moveReturn(tx, id, 'requested', { status: 'rejected', rejectReason: reason, decidedBy: admin.id, decidedAt: now });
    await recordOrderEvent(tx, current.orderId, { kind: 'return', from: 'requested', to: 'rejected', by: byAdmin(admin), note: reason, at: now });
    await deps.messages.queue(tx, current.orderId, 'return-rejected');
  });
  deps.messages.sendSoon();
  return adminReturn(deps.db, id);
}

/**
 * The parcel is back: the return becomes `received` and its units go back to stock, each to the variant bought, in
 * the same transaction and on the condition that it was `approved` — so the stock comes back once, whoever marks it
 * (the admin, the courier's return update) and however often. The coupon's use stays spent: the order stands.
 */
async function receive(deps: Pick<ReturnDeps, 'messages'>, tx: Tx, row: ReturnRow, by: EventBy, note: string): Promise<void> {
  const now = new Date();
  await moveReturn(tx, row.id, 'approved', { status: 'received', receivedAt: now, receivedBy: by.actorId });
  const lines = await tx
    .select({ productId: orderItems.productId, variantId: orderItems.variantId, quantity: returnItems.quantity })
    .from(returnItems)
    .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
    .where(eq(returnItems.returnId, row.id));
  await restock(tx, lines);
  await recordOrderEvent(tx, row.orderId, { kind: 'return', from: 'approved', to: 'received', by, note, at: now });
  await deps.messages.queue(tx, row.orderId, 'return-received');
}

/** The admin marks an approved return's parcel received (dropped off, or brought by a courier without an update). */
export async function receiveReturn(deps: ReturnDeps, admin: AuthUser, id: string): Promise<AdminReturn> {
  const current = await returnById(deps.db, id);
  if (current.status !== 'approved') throw conflict(apiMessage('returnNotApproved'));
  await deps.db.transaction((tx) => receive(deps, tx, current, byAdmin(admin), 'Parcel received at the shop'));
  deps.messages.sendSoon();
  return adminReturn(deps.db, id);
}

/**
 * The courier's `returned` update for a delivered order's parcel: the return it was collected for is received. Called
 * in the transaction that records the update (once per order and status), so a courier resending it changes nothing.
 * Answers whether a return was received.
 */
export async function receiveReturnByCourier(deps: Pick<ReturnDeps, 'messages'>, tx: Tx, orderId: string, courierStatus: string): Promise<boolean> {
  const [row] = await tx
    .select()
    .from(returns)
    .where(and(eq(returns.orderId, orderId), eq(returns.status, 'approved'), eq(returns.pickup, 'courier')))
    .for('update')
    .limit(1);
  if (!row) return false;
  await receive(deps, tx, row, BY_COURIER, `Returned to the shop (${courierStatus})`);
  return true;
}

/** Whether the order whose parcel has this tracking code has an approved return its courier collects. */
export async function returnAwaitsCourier(db: Db, trackingCode: string): Promise<boolean> {
  const [row] = await db
    .select({ id: returns.id })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(and(eq(orders.trackingCode, trackingCode), eq(returns.status, 'approved'), eq(returns.pickup, 'courier')))
    .limit(1);
  return Boolean(row);
}

/**
 * Pays a received return back: through the gateway for an order paid there (the return's id is the gateway's refund
 * reference, so a retry or a second admin never pays twice), or recorded as sent by hand to the customer's bKash,
 * Nagad or Rocket number with the transfer's id. The return becomes `refunded` on the condition that it was
 * `received`, in one transaction with its history and the customer's message: of two clicks at once one records it,
 * the other gets 409. A refund of the whole order marks its payment `refunded`.
 */
export async function refundReturn(deps: ReturnDeps, admin: AuthUser, id: string, input: { payout?: RefundPayout; reference?: string }): Promise<AdminReturn> {
  const current = await returnById(deps.db, id);
  if (current.status === 'refunded') throw conflict(apiMessage('returnRefunded'));
  if (current.status !== 'received') throw conflict(apiMessage('returnNotReceived'));
  const payment = await gatewayPayment(deps.db, current.orderId);
  const payout = input.payout ?? (payment ? 'gateway' : 'manual');
  if (payout === 'gateway' && !payment) throw conflict(NO_GATEWAY_REFUND);
  if (payout === 'manual' && !input.reference) throw badRequest(REFUND_REFERENCE_REQUIRED);

  let gatewayRefundId: string | null = null;
  if (payout === 'gateway' && payment && current.amount > 0) {
    const answer = await deps.gateway.refund({
      bankTranId: payment.bankTranId,
      amountPoisha: toPoisha(current.amount),
      remarks: `Return of order ${orderNumber(current.orderId)}`,
      referenceId: current.id,
    });
    gatewayRefundId = answer.refundRefId;
  }
  await deps.db.transaction(async (tx) => {
    const now = new Date();
    await moveReturn(tx, id, 'received', {
      status: 'refunded',
      payout,
      gatewayRefundId,
      manualReference: payout === 'manual' ? input.reference! : null,
      refundedBy: admin.id,
      refundedAt: now,
    });
    const how =
      payout === 'gateway'
        ? 'through the gateway'
        : `to ${current.refundMethod ?? 'the customer'} ${current.refundNumber ?? ''} (${input.reference!})`.replace(/\s+/g, ' ');
    await recordOrderEvent(tx, current.orderId, {
      kind: 'return',
      from: 'received',
      to: 'refunded',
      by: byAdmin(admin),
      note: `Paid back ৳${current.amount} ${how}`,
      at: now,
    });
    const [order] = await tx.select({ totalPrice: orders.totalPrice, paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, current.orderId));
    if (order && order.paymentStatus === 'paid' && current.amount >= order.totalPrice) {
      await tx
        .update(orders)
        .set({ paymentStatus: 'refunded', updatedAt: now })
        .where(and(eq(orders.id, current.orderId), eq(orders.paymentStatus, 'paid')));
      await recordOrderEvent(tx, current.orderId, {
        kind: 'payment',
        from: 'paid',
        to: 'refunded',
        by: byAdmin(admin),
        note: 'The whole order was returned',
        at: now,
      });
    }
    await deps.messages.queue(tx, current.orderId, 'return-refunded');
  });
  deps.messages.sendSoon();
  return adminReturn(deps.db, id);
}

/** Returns of one status (waiting requests by default), oldest first so the longest waiting is served first. */
export async function returnQueue(db: Db, status: ReturnStatus): Promise<AdminReturn[]> {
  const rows = await db.select({ id: returns.id }).from(returns).where(eq(returns.status, status)).orderBy(asc(returns.createdAt), asc(returns.id)).limit(100);
  return adminReturns(
    db,
    rows.map((row) => row.id),
  );
}

async function adminReturn(db: Db, id: string): Promise<AdminReturn> {
  const [found] = await adminReturns(db, [id]);
  if (!found) throw notFound(apiMessage('returnNotFound'));
  return found;
}

async function adminReturns(db: Db, ids: string[]): Promise<AdminReturn[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      row: returns,
      customerName: orders.customerName,
      phone: orders.phone,
      paymentMethod: orders.paymentMethod,
      trackingCode: orders.trackingCode,
    })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(inArray(returns.id, ids))
    .orderBy(asc(returns.createdAt), asc(returns.id));
  const lines = await linesOf(db, ids);
  return Promise.all(
    rows.map(async ({ row, ...order }) => ({
      ...toReturn(row, lines.get(row.id) ?? []),
      orderId: row.orderId,
      ...order,
      gatewayRefundable: Boolean(await gatewayPayment(db, row.orderId)),
    })),
  );
}

/** Returns waiting for the shop: requests to decide, and approved ones whose parcel is not back yet. */
export async function returnsWaiting(db: Db | Tx): Promise<{ toDecide: number; toReceive: number }> {
  const rows = await db
    .select({ status: returns.status, n: count() })
    .from(returns)
    .where(inArray(returns.status, ['requested', 'approved']))
    .groupBy(returns.status);
  const of = (status: ReturnStatus) => rows.find((row) => row.status === status)?.n ?? 0;
  return { toDecide: of('requested'), toReceive: of('approved') };
}
