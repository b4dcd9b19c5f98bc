import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { apiMessage } from '../../../contract/api-messages';
import { deliveryFee } from '../../../contract/delivery';
import type { Locale } from '../../../contract/locale';
import { orderTotal, toPoisha, toTaka } from '../../../contract/money';
import {
  canMoveOrder,
  COUPON_ALREADY_USED,
  COUPON_EXPIRED,
  COUPON_USED_UP,
  INVALID_COUPON,
  isOnlinePayment,
  UNPAID_ORDER_MINUTES,
  customerCancelCodes,
  shopCancelCodes,
  type CancelCode,
  type CancelReason,
  type CustomerCancelCode,
  type ShopCancelCode,
  type Order,
  type OrderCreateData,
  type OrderItem,
  type OrderQuote,
  type OrderQuoteRequest,
  type OrderStatus,
  type PlacedOrder,
  type TotalChangedDetails,
} from '../../../contract/orders';
import type { Tracking } from '../../../contract/courier';
import type { Db, Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { coupons, orderItems, orderRequests, orders, parcelEvents, payments, products, productVariants, users } from '../../db/schema';
import { SESSION_EXPIRED, type AuthUser } from '../../http/auth';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../http/errors';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../db/pg-errors';
import { isPublished } from '../products/service';
import { withinCouponGuesses, type CouponGuesses } from './coupon-guesses';
import { paymentPageAgain, paymentPageFor, refundCancelledPayment, type PaymentDeps } from '../payments/service';
import { getDeliveryZones } from '../delivery-fee/service';
import { checkDeliveryPlaces } from './places';
import { couponDiscount, lineGoods, priceLines, stockConflict, stockName, type PricedLine, type VariantForOrder } from './pricing';
import { BY_SHOP, byAdmin, byCustomer, recordOrderEvent } from './events';
import { cashOrderNeedsConfirmation, openCashCode, sendCashCode, stillAwaiting, type CashConfirmationDeps } from './cash-confirmation';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

const ORDER_NOT_FOUND = 'Order not found';

/* ---------- reading ---------- */

/** A stored line as answers show it; a line whose product has been deleted keeps its name and picture as ordered. */
export function toOrderItem(item: ItemRow): OrderItem {
  return { ...lineGoods(item), price: item.unitPrice, subTotal: item.subTotal };
}

type ParcelEventRow = Pick<typeof parcelEvents.$inferSelect, 'status' | 'occurredAt'>;

/** The order's parcel as the customer is shown it, once it has a tracking code. */
function trackingOf(row: OrderRow, events: ParcelEventRow[]): Tracking | null {
  if (!row.trackingCode || !row.courierName) return null;
  return {
    courier: row.courierName,
    code: row.trackingCode,
    url: row.trackingUrl,
    events: events.map((event) => ({ status: event.status, at: event.occurredAt.toISOString() })),
  };
}

export function toOrder(row: OrderRow, items: ItemRow[], events: ParcelEventRow[] = []): Order {
  return {
    _id: row.id,
    status: row.status,
    paymentStatus: row.paymentStatus,
    paymentMethod: row.paymentMethod,
    cancelReason: row.cancelReason,
    // The shop's reason and words are for the back office alone (a suspected fake order, say).
    ...(row.cancelReason === 'customer' && isCustomerCancelCode(row.cancelCode)
      ? { cancelCode: row.cancelCode, cancelNote: row.cancelNote }
      : { cancelCode: null, cancelNote: null }),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    cashConfirmation: row.cashConfirmation,
    totalPrice: row.totalPrice,
    deliveryFee: row.deliveryFee,
    subTotal: row.subTotal,
    discount: row.discount,
    coupon: row.couponCode,
    createdAt: row.createdAt.toISOString(),
    items: items.map(toOrderItem),
    deliveryAddress: { division: row.division, district: row.district, city: row.city, addressDetails: row.addressDetails },
    phone: row.phone,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerId: row.customerId,
    transaction_id: row.transactionId,
    tracking: trackingOf(row, events),
  };
}

/** Orders matching `where`, newest first, each with its lines in the order they were placed. */
async function findOrders(db: Db | Tx, where: SQL): Promise<Order[]> {
  const rows = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id));
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderItems.position));
  const byOrder = new Map<string, ItemRow[]>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  const tracked = rows.filter((row) => row.trackingCode).map((row) => row.id);
  const events = tracked.length
    ? await db
        .select({ orderId: parcelEvents.orderId, status: parcelEvents.status, occurredAt: parcelEvents.occurredAt })
        .from(parcelEvents)
        .where(inArray(parcelEvents.orderId, tracked))
        .orderBy(asc(parcelEvents.occurredAt), asc(parcelEvents.createdAt))
    : [];
  const eventsOf = new Map<string, ParcelEventRow[]>();
  for (const event of events) eventsOf.set(event.orderId, [...(eventsOf.get(event.orderId) ?? []), event]);
  return rows.map((row) => toOrder(row, byOrder.get(row.id) ?? [], eventsOf.get(row.id) ?? []));
}

export async function findOrder(db: Db | Tx, orderId: string): Promise<Order | null> {
  const [order] = await findOrders(db, eq(orders.id, orderId));
  return order ?? null;
}

const isAdmin = (actor: AuthUser) => actor.role === 'admin';

/** Customers see their own orders; admins any. */
export async function ordersOfCustomer(db: Db, actor: AuthUser, customerId: string): Promise<Order[]> {
  if (customerId !== actor.id && !isAdmin(actor)) throw forbidden('You can only see your own orders');
  return findOrders(db, eq(orders.customerId, customerId));
}

/** One order for its owner or an admin (the invoice). */
export async function orderFor(db: Db, actor: AuthUser, orderId: string): Promise<Order> {
  const order = await findOrder(db, orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (order.customerId !== actor.id && !isAdmin(actor)) throw forbidden('You can only see your own orders');
  return order;
}

/* ---------- stock ---------- */

const byId = <T>([a]: [string, T], [b]: [string, T]) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Quantities per product and, within it, per variant, each in id order: every transaction locks rows in the same
 * order (a product's variants, then the product), so none deadlock.
 */
function quantitiesByProduct(lines: { productId: string | null; variantId: string | null; quantity: number }[]) {
  const totals = new Map<string, { quantity: number; variants: Map<string, number>; withoutVariant: number }>();
  for (const line of lines) {
    if (!line.productId) continue;
    const total = totals.get(line.productId) ?? { quantity: 0, variants: new Map<string, number>(), withoutVariant: 0 };
    total.quantity += line.quantity;
    if (line.variantId) total.variants.set(line.variantId, (total.variants.get(line.variantId) ?? 0) + line.quantity);
    else total.withoutVariant += line.quantity;
    totals.set(line.productId, total);
  }
  return [...totals].sort(byId).map(([productId, total]) => ({ productId, ...total, variants: [...total.variants].sort(byId) }));
}

/**
 * Takes the stock of every line: of its variant, and of its product (which keeps its variants' stock summed). The
 * conditional updates are the guard: under concurrent orders PostgreSQL re-checks `remaining >= quantity` on the row
 * it waited for, so no variant's and no product's stock goes below zero.
 */
async function takeStock(tx: Tx, lines: PricedLine[]): Promise<void> {
  for (const { productId, quantity, variants } of quantitiesByProduct(lines)) {
    for (const [variantId, wanted] of variants) {
      const [taken] = await tx
        .update(productVariants)
        .set({ remaining: sql`${productVariants.remaining} - ${wanted}` })
        .where(and(eq(productVariants.id, variantId), gte(productVariants.remaining, wanted)))
        .returning({ id: productVariants.id });
      if (taken) continue;
      const [now] = await tx
        .select({ name: products.name, size: productVariants.size, color: productVariants.color, remaining: productVariants.remaining })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(eq(productVariants.id, variantId));
      if (!now) throw badRequest('A product in your order is no longer available');
      throw stockConflict(stockName(now.name, now), now.remaining);
    }
    const [taken] = await tx
      .update(products)
      .set({ remaining: sql`${products.remaining} - ${quantity}`, sales: sql`${products.sales} + ${quantity}` })
      .where(and(eq(products.id, productId), gte(products.remaining, quantity)))
      .returning({ id: products.id });
    if (taken) continue;
    const [now] = await tx.select({ name: products.name, remaining: products.remaining }).from(products).where(eq(products.id, productId));
    if (!now) throw badRequest('A product in your order is no longer available');
    throw stockConflict(now.name, now.remaining);
  }
}

/** Puts a cancelled order's items back in stock and takes back their sales, and gives back its use of a coupon. */
export async function returnStock(tx: Tx, orderId: string): Promise<void> {
  const [order] = await tx.select({ couponId: orders.couponId }).from(orders).where(eq(orders.id, orderId));
  if (order?.couponId) {
    await tx
      .update(coupons)
      .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
      .where(eq(coupons.id, order.couponId));
  }
  const lines = await tx
    .select({ productId: orderItems.productId, variantId: orderItems.variantId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.productId)));
  await restock(tx, lines);
}

/**
 * Puts units of order lines back in stock, each to the variant bought and to its product's sum, and takes back their
 * sales; a line whose product was deleted returns nothing.
 */
export async function restock(tx: Tx, lines: { productId: string | null; variantId: string | null; quantity: number }[]): Promise<void> {
  for (const { productId, quantity, variants, withoutVariant } of quantitiesByProduct(lines)) {
    let returned = 0;
    for (const [variantId, back] of variants) {
      const [row] = await tx
        .update(productVariants)
        .set({ remaining: sql`${productVariants.remaining} + ${back}` })
        .where(eq(productVariants.id, variantId))
        .returning({ id: productVariants.id });
      if (row) returned += back;
    }
    // A line without a variant goes back to the product's own stock only while the product has no variants: the
    // stock of one with variants is theirs summed, and a deleted variant's units have nowhere to go.
    const [hasVariants] = await tx.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, productId)).limit(1);
    if (!hasVariants) returned += withoutVariant;
    await tx
      .update(products)
      .set({ remaining: sql`${products.remaining} + ${returned}`, sales: sql`greatest(${products.sales} - ${quantity}, 0)` })
      .where(eq(products.id, productId));
  }
}

/* ---------- placing ---------- */

/**
 * The coupon, when it applies to this customer's items: known and started, not expired, items worth its minimum, uses
 * left in all and for this customer (cancelled orders do not count). `lock` takes the coupon's row first, so concurrent
 * orders with the same coupon are counted one after another and no limit is passed.
 */
async function applicableCoupon(tx: Tx, code: string, customerId: string, subTotalPoisha: number, now: Date, lock: boolean) {
  const found = tx
    .select()
    .from(coupons)
    .where(sql`lower(${coupons.code}) = lower(${code})`);
  const [coupon] = lock ? await found.for('update') : await found;
  if (!coupon || (coupon.validFrom && coupon.validFrom > now)) throw badRequest(INVALID_COUPON);
  if (coupon.validTo && coupon.validTo < now) {
    // Only a customer who has used the coupon learns it expired; to anyone else an expired code is unknown, so trying
    // codes tells nothing about which once existed.
    const [used] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.couponId, coupon.id), eq(orders.customerId, customerId)))
      .limit(1);
    throw badRequest(used ? COUPON_EXPIRED : INVALID_COUPON);
  }
  if (coupon.minOrder !== null && subTotalPoisha < toPoisha(coupon.minOrder)) throw badRequest(apiMessage('couponBelowMinimum', coupon.minOrder));
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) throw badRequest(COUPON_USED_UP);
  if (coupon.perCustomerLimit !== null) {
    const [uses] = await tx
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.couponId, coupon.id), eq(orders.customerId, customerId), ne(orders.status, 'cancelled')));
    if ((uses?.n ?? 0) >= coupon.perCustomerLimit) throw badRequest(COUPON_ALREADY_USED);
  }
  return coupon;
}

type Coupon = Awaited<ReturnType<typeof applicableCoupon>>;

/** An order's items priced as they stand now, from the database, with the coupon applied; money in poisha. */
type PricedItems = { lines: PricedLine[]; subTotal: number; discount: number; coupon: Coupon | null };

async function priceItems(
  tx: Tx,
  customerId: string,
  input: Pick<OrderCreateData, 'items' | 'cuopon'>,
  now: Date,
  { lockCoupon }: { lockCoupon: boolean },
): Promise<PricedItems> {
  const ids = [...new Set(input.items.map((item) => item.productId))];
  const catalogue = await tx
    .select({
      id: products.id,
      name: products.name,
      nameBn: products.nameBn,
      price: products.price,
      remaining: products.remaining,
      colors: products.colors,
      sizes: products.sizes,
      images: products.images,
    })
    .from(products)
    // A draft is not for sale: an order naming one is refused as naming a product that is gone.
    .where(and(inArray(products.id, ids), isPublished));
  const variants = await tx
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      size: productVariants.size,
      color: productVariants.color,
      price: productVariants.price,
      remaining: productVariants.remaining,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, ids))
    .orderBy(asc(productVariants.position));
  const variantsOf = new Map<string, VariantForOrder[]>();
  for (const { productId, ...variant } of variants) variantsOf.set(productId, [...(variantsOf.get(productId) ?? []), variant]);
  const lines = priceLines(input.items, new Map(catalogue.map((product) => [product.id, { ...product, variants: variantsOf.get(product.id) ?? [] }])));
  const subTotal = lines.reduce((sum, line) => sum + line.subTotalPoisha, 0);
  const coupon = input.cuopon ? await applicableCoupon(tx, input.cuopon, customerId, subTotal, now, lockCoupon) : null;
  const discount = coupon ? couponDiscount(coupon, subTotal) : 0;
  return { lines, subTotal, discount, coupon };
}

/** The delivery fee to `district` (its zone's, free from its threshold) and the order's total (orderTotal), in poisha. */
async function deliveredTotal(tx: Tx, { subTotal, discount }: PricedItems, district: string): Promise<{ fee: number; total: number }> {
  const fee = toPoisha(deliveryFee(district, toTaka(subTotal - discount), await getDeliveryZones(tx)));
  return { fee, total: toPoisha(orderTotal({ subTotal: toTaka(subTotal), discount: toTaka(discount), deliveryFee: toTaka(fee) })) };
}

/**
 * The total the specification's own client sends: the items before the coupon (which it leaves to the server) plus
 * the delivery fee, to whole taka, in poisha.
 */
function totalBeforeCoupon({ subTotal }: PricedItems, fee: number): number {
  return toPoisha(orderTotal({ subTotal: toTaka(subTotal), discount: 0, deliveryFee: toTaka(fee) }));
}

/** The figures of priced items in taka, as a quote and a `totalChanged` refusal tell them. */
function quoteOf(priced: PricedItems, delivered: { fee: number; total: number } | null): OrderQuote {
  return {
    items: priced.lines.map((line) => ({
      ...lineGoods(line),
      price: toTaka(line.unitPoisha),
      subTotal: toTaka(line.subTotalPoisha),
    })),
    subTotal: toTaka(priced.subTotal),
    discount: toTaka(priced.discount),
    coupon: priced.coupon?.code ?? null,
    deliveryFee: delivered && toTaka(delivered.fee),
    totalPrice: delivered && toTaka(delivered.total),
  };
}

/**
 * What the checkout shows before the order is placed: the same figures placing it would charge. A coupon tried is
 * counted against the customer's `couponGuesses`.
 */
export async function quoteOrder(db: Db, actor: AuthUser, input: OrderQuoteRequest, couponGuesses?: CouponGuesses): Promise<OrderQuote> {
  return withinCouponGuesses(couponGuesses, input.cuopon, () => quote(db, actor, input));
}

function quote(db: Db, actor: AuthUser, input: OrderQuoteRequest): Promise<OrderQuote> {
  return db.transaction(async (tx) => {
    const priced = await priceItems(tx, actor.id, input, new Date(), { lockCoupon: false });
    const delivered = input.district === undefined ? null : await deliveredTotal(tx, priced, input.district);
    return quoteOf(priced, delivered);
  });
}

/** The same JSON for the same input whatever order its keys came in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

async function userExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return row !== undefined;
}

/** What tells one order line from another: the product, the variant, the quantity and the options in any case. */
const linesSignature = (
  lines: readonly { productId: string | null; variantId?: string | null; quantity: number; size?: string | null; color?: string | null }[],
) =>
  lines
    .map((line) => JSON.stringify([line.productId, line.variantId ?? '', line.quantity, (line.size ?? '').toLowerCase(), (line.color ?? '').toLowerCase()]))
    .sort()
    .join('\n');

/** How many of a shopper's orders awaiting payment are compared with a new one. */
const AWAITING_PAYMENT_COMPARED = 5;

/**
 * The shopper's online order of the same lines, paid the same way, still waiting for its payment (back from the
 * gateway, a failed payment, the checkout sent again): placing it again opens that order's payment instead of making
 * a second order.
 */
async function orderAwaitingPayment(db: Db, customerId: string, input: OrderCreateData): Promise<string | null> {
  const waiting = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.customerId, customerId), eq(orders.status, 'pending'), eq(orders.paymentStatus, 'unpaid'), eq(orders.paymentMethod, input.paymentMethod)),
    )
    .orderBy(desc(orders.createdAt))
    .limit(AWAITING_PAYMENT_COMPARED);
  if (waiting.length === 0) return null;
  const lines = await db
    .select({
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      quantity: orderItems.quantity,
      size: orderItems.size,
      color: orderItems.color,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        waiting.map((order) => order.id),
      ),
    );
  const wanted = linesSignature(input.items);
  return waiting.find((order) => linesSignature(lines.filter((line) => line.orderId === order.id)) === wanted)?.id ?? null;
}

/** Thrown inside the transaction when the Idempotency-Key is already taken: the transaction rolls back, then the first order is answered. */
class KeyAlreadyUsed extends Error {}

/**
 * Writes the order, its lines, its stock and coupon use; answers its id and, for a cash order that awaits confirmation,
 * the code to text its phone once committed.
 */
async function createOrder(
  tx: Tx,
  customerId: string,
  input: OrderCreateData,
  provider: PaymentDeps['gateway']['provider'],
  locale: Locale,
  cash: CashConfirmationDeps | undefined,
): Promise<{ orderId: string; code: string | null }> {
  const now = new Date();
  const awaiting = input.paymentMethod === 'cash' && cash !== undefined && (await cashOrderNeedsConfirmation(tx, cash.settings, input.phone));
  const priced = await priceItems(tx, customerId, input, now, { lockCoupon: true });
  const { lines, subTotal, discount, coupon } = priced;
  const { fee, total } = await deliveredTotal(tx, priced, input.deliveryAddress.district);
  // The shopper agreed to the total they were shown: a different one (a price, the fee or the coupon changed since) is
  // not charged. Shown is our total or the one a client that leaves the coupon to the server shows, before it. The
  // refusal carries the order as it stands now, so the shopper can agree to it at once.
  const shown = input.totalPrice === undefined ? undefined : toPoisha(input.totalPrice);
  if (shown !== undefined && shown !== total && shown !== totalBeforeCoupon(priced, fee)) {
    const details: TotalChangedDetails = { quote: { ...quoteOf(priced, { fee, total }), deliveryFee: toTaka(fee), totalPrice: toTaka(total) } };
    throw conflict(apiMessage('totalChanged', toTaka(total)), details);
  }
  if (coupon) {
    await tx
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} + 1` })
      .where(eq(coupons.id, coupon.id));
  }

  await takeStock(tx, lines);

  const orderId = newId();
  const tranId = isOnlinePayment(input.paymentMethod) ? newId() : null;
  await tx.insert(orders).values({
    id: orderId,
    customerId,
    customerName: input.customerName,
    customerEmail: input.customerEmail ?? null,
    phone: input.phone,
    paymentMethod: input.paymentMethod,
    paymentNumber: input.paymentNumber ?? null,
    subTotal: toTaka(subTotal),
    discount: toTaka(discount),
    deliveryFee: toTaka(fee),
    totalPrice: toTaka(total),
    couponId: coupon?.id ?? null,
    couponCode: coupon?.code ?? null,
    ...input.deliveryAddress,
    transactionId: tranId,
    cashConfirmation: awaiting ? 'awaiting' : null,
    locale,
    createdAt: now,
    updatedAt: now,
  });
  await recordOrderEvent(tx, orderId, { kind: 'status', from: null, to: 'pending', by: byCustomer({ id: customerId }), at: now });
  await tx.insert(orderItems).values(
    lines.map((line, position) => ({
      id: newId(),
      orderId,
      position,
      ...lineGoods(line),
      unitPrice: toTaka(line.unitPoisha),
      subTotal: toTaka(line.subTotalPoisha),
    })),
  );
  if (tranId) {
    await tx.insert(payments).values({ id: newId(), orderId, tranId, provider, amount: toTaka(total) });
  }
  return { orderId, code: awaiting && cash ? await openCashCode(tx, cash.secret, orderId, now) : null };
}

/**
 * Places an order for the signed-in customer. Every amount is computed here from the database; stock, coupon use
 * and the order are written in one transaction. With an Idempotency-Key the key is claimed first in the same
 * transaction (a unique key per customer): a concurrent or later request with the same key waits for or finds the
 * first one and answers its order (`created: false`); the same key with a different body is a conflict.
 * Mobile banking then opens the gateway session and answers its page as `url`.
 */
export async function placeOrder(
  deps: PaymentDeps,
  actor: AuthUser,
  input: OrderCreateData,
  idempotencyKey: string | undefined,
  /** The language the customer shops in: the order's messages are written in it. */
  locale: Locale = 'en',
  /** Where the coupon tried is counted (`withinCouponGuesses`). */
  couponGuesses?: CouponGuesses,
  /** How a cash order from a number without a delivered order is confirmed; without it none waits. */
  cash?: CashConfirmationDeps,
): Promise<{ created: boolean; placed: PlacedOrder }> {
  return withinCouponGuesses(couponGuesses, input.cuopon, () => place(deps, actor, input, idempotencyKey, locale, cash));
}

async function place(
  deps: PaymentDeps,
  actor: AuthUser,
  input: OrderCreateData,
  idempotencyKey: string | undefined,
  locale: Locale,
  cash: CashConfirmationDeps | undefined,
): Promise<{ created: boolean; placed: PlacedOrder }> {
  const { db } = deps;
  if (input.customerId !== actor.id) throw forbidden('You can only place orders for yourself');
  checkDeliveryPlaces(input.deliveryAddress);
  const requestHash = createHash('sha256').update(canonicalJson(input)).digest('hex');
  if (isOnlinePayment(input.paymentMethod)) {
    const waitingId = await orderAwaitingPayment(db, actor.id, input);
    if (waitingId) return { created: false, placed: { order: (await findOrder(db, waitingId))!, url: await paymentPageAgain(deps, waitingId) } };
  }

  const sent: { code: string | null } = { code: null };
  const createdId = await db
    .transaction(async (tx) => {
      if (idempotencyKey) {
        const [claimed] = await tx
          .insert(orderRequests)
          .values({ customerId: actor.id, key: idempotencyKey, requestHash })
          .onConflictDoNothing()
          .returning({ key: orderRequests.key });
        if (!claimed) throw new KeyAlreadyUsed();
      }
      const created = await createOrder(tx, actor.id, input, deps.gateway.provider, locale, cash);
      const { orderId } = created;
      sent.code = created.code;
      await deps.messages.queue(tx, orderId, 'placed');
      if (idempotencyKey) {
        await tx
          .update(orderRequests)
          .set({ orderId })
          .where(and(eq(orderRequests.customerId, actor.id), eq(orderRequests.key, idempotencyKey)));
      }
      return orderId;
    })
    .catch(async (err: unknown) => {
      if (err instanceof KeyAlreadyUsed) return null;
      // The account was deleted after this request was let in: its rows can no longer be written.
      if (pgErrorCode(err) === FOREIGN_KEY_VIOLATION && !(await userExists(db, actor.id))) throw unauthorized(SESSION_EXPIRED);
      throw err;
    });

  let orderId = createdId;
  if (!orderId) {
    const [first] = await db
      .select()
      .from(orderRequests)
      .where(and(eq(orderRequests.customerId, actor.id), eq(orderRequests.key, idempotencyKey!)));
    if (!first?.orderId) throw conflict('This order is still being placed. Please try again.');
    if (first.requestHash !== requestHash) throw conflict('This Idempotency-Key was already used for a different order');
    orderId = first.orderId;
  }

  if (createdId) deps.messages.sendSoon();
  if (createdId && sent.code && cash) sendCashCode(cash, { id: createdId, phone: input.phone, locale }, sent.code);
  const order = (await findOrder(db, orderId))!;
  const placed: PlacedOrder = { order };
  if (isOnlinePayment(order.paymentMethod) && order.paymentStatus === 'unpaid' && order.status !== 'cancelled') {
    placed.url = await paymentPageFor(deps, orderId);
  }
  return { created: createdId !== null, placed };
}

/* ---------- status ---------- */

/** The reason picked when cancelling and the words beside it; both optional for the API's older callers. */
export type Cancellation = { reason?: CancelCode; note?: string };

const isCustomerCancelCode = (code: string | null): code is CustomerCancelCode => (customerCancelCodes as readonly (string | null)[]).includes(code);
const isShopCancelCode = (code: string | null): code is ShopCancelCode => (shopCancelCodes as readonly (string | null)[]).includes(code);

/**
 * Customers may cancel their own pending, unpaid orders (paid ones go through a refund request); admins move orders
 * along the flow. Cancelling returns the stock in the same transaction; the update is conditional on the status
 * read, so two concurrent changes cannot both apply. An admin cancelling an order paid through the gateway pays it
 * back there at once.
 */
export async function changeOrderStatus(deps: PaymentDeps, actor: AuthUser, orderId: string, status: OrderStatus, why: Cancellation = {}): Promise<Order> {
  const { db } = deps;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  // Each side picks from its own list: a customer cannot say "suspected fake", nor the shop "found it cheaper".
  if (why.reason && !(isAdmin(actor) ? isShopCancelCode(why.reason) : isCustomerCancelCode(why.reason))) throw badRequest(apiMessage('cancelReasonNotYours'));

  if (isAdmin(actor)) {
    if (!canMoveOrder(order.status, status)) throw conflict(apiMessage('orderCannotMove', order.status, status));
    // A cash order nobody confirmed may be a fake one: it goes to the shop's queue only once confirmed.
    if (order.cashConfirmation === 'awaiting' && status !== 'cancelled') throw conflict(apiMessage('cashOrderUnconfirmed'));
  } else {
    if (order.customerId !== actor.id) throw forbidden('You can only change your own orders');
    if (status !== 'cancelled') throw forbidden('Only the shop can change an order to this status');
    if (order.status !== 'pending') throw conflict('Only pending orders can be cancelled');
    if (order.paymentStatus !== 'unpaid') throw conflict('This order is paid: submit a refund request to cancel it');
  }

  const changed = await db.transaction(async (tx) => {
    const now = new Date();
    // Cash on delivery is collected at the door: a delivered cash order is a paid one.
    const collectsCash = status === 'delivered' && order.paymentMethod === 'cash' && order.paymentStatus === 'unpaid';
    const cancelReason: CancelReason | null = status === 'cancelled' ? (isAdmin(actor) ? 'shop' : 'customer') : null;
    const [row] = await tx
      .update(orders)
      .set({
        status,
        cancelReason,
        cancelCode: cancelReason ? (why.reason ?? null) : null,
        cancelNote: cancelReason ? (why.note ?? null) : null,
        cancelledAt: cancelReason ? now : null,
        ...(status === 'delivered' ? { deliveredAt: now } : {}),
        updatedAt: now,
        ...(collectsCash ? { paymentStatus: 'paid' as const } : {}),
      })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.status, order.status),
          isAdmin(actor) ? undefined : eq(orders.paymentStatus, 'unpaid'),
          status === 'cancelled' ? undefined : or(isNull(orders.cashConfirmation), ne(orders.cashConfirmation, 'awaiting')),
        ),
      )
      .returning({ paymentStatus: orders.paymentStatus });
    if (!row) throw conflict('The order changed in the meantime. Please reload and try again.');
    if (status === 'cancelled') await returnStock(tx, orderId);
    const by = isAdmin(actor) ? byAdmin(actor) : byCustomer(actor);
    await recordOrderEvent(tx, orderId, {
      kind: 'status',
      from: order.status,
      to: status,
      by,
      at: now,
      ...(cancelReason && why.note ? { note: why.note } : {}),
    });
    if (collectsCash) await recordOrderEvent(tx, orderId, { kind: 'payment', from: 'unpaid', to: 'paid', by, note: 'Cash collected at delivery', at: now });
    await deps.messages.queue(tx, orderId, status);
    return row;
  });
  deps.messages.sendSoon();
  if (status === 'cancelled' && changed.paymentStatus === 'paid') await refundCancelledPayment(deps, orderId);
  return (await findOrder(db, orderId))!;
}

/* ---------- housekeeping ---------- */

/** Orders released or refunded in one run at most; the next run takes the rest. */
const HOUSEKEEPING_BATCH = 100;

/**
 * Cancels online orders left unpaid for UNPAID_ORDER_MINUTES, returning their stock and coupon use, so an abandoned
 * payment holds nothing for long; a payment that still arrives for one is paid back (see `handleCallback`). Each
 * order changes in its own transaction, on the condition that it is still pending and unpaid: safe when several
 * processes run it at once. Answers how many were released.
 */
export async function releaseUnpaidOrders({ db, messages }: Pick<PaymentDeps, 'db' | 'messages'>, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - UNPAID_ORDER_MINUTES * 60_000);
  const unpaid = and(eq(orders.status, 'pending'), eq(orders.paymentStatus, 'unpaid'));
  const stale = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(unpaid, ne(orders.paymentMethod, 'cash'), lt(orders.createdAt, cutoff)))
    .orderBy(asc(orders.createdAt))
    .limit(HOUSEKEEPING_BATCH);
  return cancelByShop({ db, messages }, stale, { cancelReason: 'not-paid-in-time' }, (id) => and(eq(orders.id, id), unpaid), 'Not paid in time', now);
}

/**
 * Cancels cash orders still unconfirmed `waitMs` after they were placed, returning their stock and coupon use, and tells
 * the customer. Each order changes in its own transaction, on the condition that it still awaits confirmation: when
 * several processes run it at once, each order is cancelled, and its stock returned, once. Answers how many were.
 */
export async function releaseUnconfirmedCashOrders({ db, messages }: Pick<PaymentDeps, 'db' | 'messages'>, waitMs: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - waitMs);
  const stale = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.cashConfirmation, 'awaiting'), eq(orders.status, 'pending'), lt(orders.createdAt, cutoff)))
    .orderBy(asc(orders.createdAt))
    .limit(HOUSEKEEPING_BATCH);
  return cancelByShop({ db, messages }, stale, { cancelReason: 'not-confirmed', confirmCodeHash: null }, stillAwaiting, 'Not confirmed in time', now);
}

/**
 * Cancels each pending order of `stale` for the shop, in its own transaction and only while `stillDue(id)` holds (so
 * when several processes run at once each is cancelled once): its stock and coupon use come back, its history says
 * why, the customer is told. Answers how many were cancelled.
 */
async function cancelByShop(
  { db, messages }: Pick<PaymentDeps, 'db' | 'messages'>,
  stale: { id: string }[],
  change: { cancelReason: CancelReason; confirmCodeHash?: null },
  stillDue: (id: string) => SQL | undefined,
  note: string,
  now: Date,
): Promise<number> {
  let cancelled = 0;
  for (const { id } of stale) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(orders)
        .set({ status: 'cancelled', ...change, cancelledAt: now, updatedAt: now })
        .where(stillDue(id))
        .returning({ id: orders.id });
      if (!row) return false;
      await returnStock(tx, id);
      await recordOrderEvent(tx, id, { kind: 'status', from: 'pending', to: 'cancelled', by: BY_SHOP, note, at: now });
      await messages.queue(tx, id, 'cancelled');
      return true;
    });
    if (!done) continue;
    cancelled += 1;
    messages.sendSoon();
  }
  return cancelled;
}
