import { and, asc, count, desc, eq, gte, ilike, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { apiMessage } from '../../../contract/api-messages';
import { ORDER_EXPORT_MAX, type AdminOrderDetail, type AdminOrderPage, type AdminOrderQuery } from '../../../contract/back-office-orders';
import { toAsciiDigits, type Locale } from '../../../contract/locale';
import { ORDER_NUMBER_LENGTH, orderNumber, orderNumberSearch } from '../../../contract/order-number';
import { pageAnswer } from '../../../contract/pages';
import { ORDER_TRANSITIONS, PAYMENT_METHOD_LABELS, type Order, type OrderStatus } from '../../../contract/orders';
import type { Db } from '../../db/client';
import { orderItems, orders, payments, returns } from '../../db/schema';
import type { AuthUser } from '../../http/auth';
import { badRequest, notFound } from '../../http/errors';
import { confirmCashOrderByPhone } from '../orders/cash-confirmation';
import { orderHistory } from '../orders/events';
import { changeOrderStatus, findOrder, type Cancellation } from '../orders/service';
import type { PaymentDeps } from '../payments/service';
import { refundOfOrder } from '../refunds/service';
import { bookParcel, readParcelStatus, shipWithOtherCourier, type CourierDeps } from '../couriers/service';
import type { OtherCourier } from '../../../contract/courier';
import { toCsv } from '../../lib/csv';
import { dhakaDay, dhakaDayStart } from './dhaka-time';

const ORDER_NOT_FOUND = 'Order not found';

/** `%text%` for LIKE, with LIKE's own wildcards in the text matched as themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The phone digits a search names, in ASCII: a Bangladeshi number may be typed in Bangla digits and with its country
 * code (+880 1711…, 88 01711…), stored without it (01711…).
 */
function phoneDigits(search: string): string | null {
  const digits = toAsciiDigits(search).replace(/[\s().+-]/g, '');
  if (!/^\d{3,}$/.test(digits)) return null;
  return digits.startsWith('880') ? digits.slice(2) : digits;
}

/** An order's number in SQL, the expression `orders_number_idx` indexes. */
const orderNumberOf = sql<string>`right(${orders.id}, ${sql.raw(String(ORDER_NUMBER_LENGTH))})`;

/**
 * What the queue's search finds: an order by its number (the id's end) or the start of its id, with or without '#', in
 * any case and either digit set; a customer's name; a delivery phone. Text starting with '#' is a number only, which
 * the number's index answers.
 */
function searchFilter(search: string): SQL {
  const number = orderNumberSearch(search);
  const byNumber: SQL[] = number ? [like(orders.id, `${number}%`), ...(number.length === ORDER_NUMBER_LENGTH ? [eq(orderNumberOf, number)] : [])] : [];
  if (search.trimStart().startsWith('#')) return byNumber.length ? or(...byNumber)! : sql`false`;
  const digits = phoneDigits(search);
  return or(ilike(orders.customerName, containing(search)), ...byNumber, ...(digits ? [like(orders.phone, containing(digits))] : []))!;
}

/** The filters of the queue and its export as one condition. */
function queueFilter(query: Omit<AdminOrderQuery, 'page' | 'limit'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.paymentStatus) conditions.push(eq(orders.paymentStatus, query.paymentStatus));
  if (query.paymentMethod) conditions.push(eq(orders.paymentMethod, query.paymentMethod));
  if (query.from) conditions.push(gte(orders.createdAt, dhakaDayStart(query.from)));
  if (query.to) conditions.push(lt(orders.createdAt, dhakaDayStart(query.to, 1)));
  if (query.search) conditions.push(searchFilter(query.search));
  return conditions.length ? and(...conditions) : undefined;
}

/** Qualified by hand: in a one-table select the ORM leaves `orders.id` unqualified, which inside the subquery would name the line's id. */
const unitsInOrder = sql<number>`(select coalesce(sum("order_items"."quantity"), 0) from "order_items" where "order_items"."order_id" = "orders"."id")`.mapWith(
  Number,
);

/** One page of the admin's order queue, newest first, with how many orders match in all. */
export async function orderQueue(db: Db, query: AdminOrderQuery): Promise<AdminOrderPage> {
  const where = queueFilter(query);
  const [counted] = await db.select({ n: count() }).from(orders).where(where);
  const total = counted?.n ?? 0;
  const rows = await db
    .select({
      _id: orders.id,
      createdAt: orders.createdAt,
      customerName: orders.customerName,
      phone: orders.phone,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paymentMethod: orders.paymentMethod,
      totalPrice: orders.totalPrice,
      itemCount: unitsInOrder,
    })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return pageAnswer(
    rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      nextStatuses: [...ORDER_TRANSITIONS[row.status]],
    })),
    total,
    query.page,
    query.limit,
  );
}

const CSV_HEADER = [
  'Order number',
  'Order ID',
  'Placed (Dhaka)',
  'Customer',
  'Phone',
  'Email',
  'Status',
  'Payment status',
  'Payment method',
  'Transaction ID',
  'Items',
  'Subtotal',
  'Discount',
  'Coupon',
  'Delivery fee',
  'Total',
  'Division',
  'District',
  'City',
  'Address',
  'Cancelled by',
  'Cancel reason',
  'Cancel note',
  'Return',
  'Return refund',
];

/** 'YYYY-MM-DD HH:MM' in Dhaka time. */
const dhakaTime = (instant: Date) => `${dhakaDay(instant)} ${new Date(instant.getTime() + 6 * 3_600_000).toISOString().slice(11, 16)}`;

/** Every order the filters match, newest first, as CSV; more than ORDER_EXPORT_MAX is refused (narrow the filters). */
export async function orderQueueCsv(db: Db, query: Omit<AdminOrderQuery, 'page' | 'limit'>): Promise<string> {
  const where = queueFilter(query);
  const [counted] = await db.select({ n: count() }).from(orders).where(where);
  if ((counted?.n ?? 0) > ORDER_EXPORT_MAX) {
    throw badRequest(apiMessage('exportTooMany', counted!.n, ORDER_EXPORT_MAX));
  }
  const rows = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id));
  const returnOf = new Map(
    (rows.length
      ? await db
          .select({ orderId: returns.orderId, status: returns.status, amount: returns.amount })
          .from(returns)
          .where(
            inArray(
              returns.orderId,
              rows.map((row) => row.id),
            ),
          )
      : []
    ).map((row) => [row.orderId, row]),
  );
  const lines = rows.length
    ? await db
        .select({
          orderId: orderItems.orderId,
          name: orderItems.productName,
          quantity: orderItems.quantity,
        })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(orderItems.orderId), asc(orderItems.position))
    : [];
  const itemsOf = new Map<string, string[]>();
  for (const line of lines) itemsOf.set(line.orderId, [...(itemsOf.get(line.orderId) ?? []), `${line.name} × ${line.quantity}`]);
  return toCsv([
    CSV_HEADER,
    ...rows.map((row) => [
      orderNumber(row.id),
      row.id,
      dhakaTime(row.createdAt),
      row.customerName,
      row.phone,
      row.customerEmail,
      row.status,
      row.paymentStatus,
      PAYMENT_METHOD_LABELS[row.paymentMethod],
      row.transactionId,
      (itemsOf.get(row.id) ?? []).join('; '),
      row.subTotal.toFixed(2),
      row.discount.toFixed(2),
      row.couponCode,
      row.deliveryFee.toFixed(2),
      row.totalPrice.toFixed(2),
      row.division,
      row.district,
      row.city,
      row.addressDetails,
      row.cancelReason,
      row.cancelCode,
      row.cancelNote,
      returnOf.get(row.id)?.status ?? null,
      returnOf.get(row.id)?.amount.toFixed(2) ?? null,
    ]),
  ]);
}

/** An order for an admin: the order, its gateway payment, the customer's refund request and its history. */
export async function adminOrderDetail(db: Db, orderId: string): Promise<AdminOrderDetail> {
  const order = await findOrder(db, orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const [cancelled] = await db
    .select({ by: orders.cancelReason, reason: orders.cancelCode, note: orders.cancelNote, at: orders.cancelledAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  // The try that paid the order, else its latest.
  const [payment] = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(sql`(${payments.status} = 'valid' and not ${payments.surplus}) desc`, desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return {
    order,
    payment: payment
      ? {
          provider: payment.provider,
          tranId: payment.tranId,
          amount: payment.amount,
          status: payment.status,
          bankTranId: payment.bankTranId,
          validatedAt: payment.validatedAt?.toISOString() ?? null,
          refundRefId: payment.refundRefId,
          refundedAt: payment.refundedAt?.toISOString() ?? null,
        }
      : null,
    refund: await refundOfOrder(db, orderId),
    history: await orderHistory(db, orderId),
    cancellation: cancelled?.by ? { by: cancelled.by, reason: cancelled.reason, note: cancelled.note, at: cancelled.at?.toISOString() ?? null } : null,
    // An unconfirmed cash order can only be cancelled until it is confirmed.
    nextStatuses: ORDER_TRANSITIONS[order.status].filter((status) => order.cashConfirmation !== 'awaiting' || status === 'cancelled'),
  };
}

/** An admin confirms a cash order by calling its phone (see confirmCashOrderByPhone); answers the order as it is now. */
export async function confirmOrderByPhone(db: Db, admin: AuthUser, orderId: string): Promise<AdminOrderDetail> {
  await confirmCashOrderByPhone(db, admin, orderId);
  return adminOrderDetail(db, orderId);
}

/** An admin moves an order along ORDER_TRANSITIONS (see changeOrderStatus); answers the order as it is now. */
export async function moveOrder(deps: PaymentDeps, admin: AuthUser, orderId: string, status: OrderStatus, why: Cancellation = {}): Promise<AdminOrderDetail> {
  await changeOrderStatus(deps, admin, orderId, status, why);
  return adminOrderDetail(deps.db, orderId);
}

/** An admin books the order's parcel (see bookParcel), or records one sent with another courier; answers the order as it is now. */
export async function bookOrderParcel(deps: CourierDeps, admin: AuthUser, orderId: string, other: OtherCourier | undefined): Promise<AdminOrderDetail> {
  if (other) await shipWithOtherCourier(deps, admin, orderId, other);
  else await bookParcel(deps, admin, orderId);
  return adminOrderDetail(deps.db, orderId);
}

/** An admin asks the courier where the parcel is (see readParcelStatus); answers the order as it is now. */
export async function readOrderParcel(deps: CourierDeps, orderId: string): Promise<AdminOrderDetail> {
  await readParcelStatus(deps, orderId);
  return adminOrderDetail(deps.db, orderId);
}

/**
 * The order a packing slip is printed for, and the language the customer placed it in: the slip goes into the parcel
 * for them to read, so it speaks their language, not the admin's who prints it.
 */
export async function orderToPack(db: Db, orderId: string): Promise<{ order: Order; locale: Locale }> {
  const order = await findOrder(db, orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const [placed] = await db.select({ locale: orders.locale }).from(orders).where(eq(orders.id, orderId)).limit(1);
  return { order, locale: placed?.locale ?? 'en' };
}
