import { and, asc, count, eq, inArray, lte, notExists, sql } from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD } from '../../../contract/back-office-orders';
import { addressInLanguage, type Locale } from '../../../contract/locale';
import { orderNumber } from '../../../contract/order-number';
import { isOnlinePayment } from '../../../contract/orders';
import type { PushPayload } from '../../../contract/push';
import type { Db, Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { customerMessages, morningSummaries, orderItems, orders, products, productVariants, pushSubscriptions, refunds, returns, users } from '../../db/schema';
import { dhakaDay, dhakaMidnight } from '../admin/dhaka-time';
import {
  ALERT_LINES_SHOWN,
  newOrderEmail,
  newOrderPush,
  summaryEmail,
  summaryPush,
  type NewOrderFacts,
  type OwnerAlertKind,
  type SummaryCounts,
} from './owner-messages';
import type { PushText } from './push-messages';
import type { OrderEvent } from './service';

/** Admins told of one order, or sent the summary, at most; sellers told of one order at most. */
export const MAX_ADMINS_TOLD = 20;
export const MAX_SELLERS_TOLD = 20;

type Owner = { id: string; email: string | null; locale: Locale };

/** The admins who keep their alerts on, oldest accounts first, at most MAX_ADMINS_TOLD. */
const alertedAdmins = (tx: Tx): Promise<Owner[]> =>
  tx
    .select({ id: users.id, email: users.email, locale: users.locale })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.ownerAlerts, true)))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(MAX_ADMINS_TOLD);

/**
 * Whether `event` is when the shop's people hear of the order: a cash order once placed (still awaiting its
 * confirmation or not, the shop may call the customer), an online order once paid, as then it must be packed. An
 * online order cancelled before it was paid is never told of.
 */
function tellsOwners(event: OrderEvent, paymentMethod: 'cash' | 'mobile-banking' | 'ssl'): boolean {
  if (event === 'placed') return !isOnlinePayment(paymentMethod);
  return event === 'paid' && isOnlinePayment(paymentMethod);
}

/** The order in the back office: an admin's order page, a seller's orders (their own lines). */
const backOfficeLink = (publicUrl: string, orderId: string, seller: boolean, locale: Locale) =>
  addressInLanguage(seller ? `${publicUrl}/seller/orders` : `${publicUrl}/admin/orders/${encodeURIComponent(orderId)}`, locale);

/**
 * Writes the email and push of each admin, and of each seller whose products are in the order, in the transaction
 * of the change that placed or paid it; a seller's covers their own lines only. Each is written once per order and
 * channel (a unique index), so a retried change never tells twice. An owner who turned their alerts off is skipped;
 * a push is written only for an owner with a subscribed device.
 */
export async function queueOwnerAlerts(tx: Tx, publicUrl: string, orderId: string, event: OrderEvent): Promise<void> {
  const [order] = await tx
    .select({
      id: orders.id,
      paymentMethod: orders.paymentMethod,
      cashConfirmation: orders.cashConfirmation,
      totalPrice: orders.totalPrice,
      customerName: orders.customerName,
      district: orders.district,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order || !tellsOwners(event, order.paymentMethod)) return;
  const lines = await tx
    .select({ name: orderItems.productName, quantity: orderItems.quantity, subTotal: orderItems.subTotal, ownerId: products.ownerId })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  const admins = await alertedAdmins(tx);
  const sellerIds = [...new Set(lines.map((line) => line.ownerId).filter((id): id is string => id !== null))];
  const sellers =
    sellerIds.length === 0
      ? []
      : await tx
          .select({ id: users.id, email: users.email, locale: users.locale })
          .from(users)
          .where(and(inArray(users.id, sellerIds), eq(users.role, 'seller'), eq(users.ownerAlerts, true)))
          .orderBy(asc(users.id))
          .limit(MAX_SELLERS_TOLD);

  const number = orderNumber(order.id);
  const factsFor = (owner: Owner, seller: boolean): NewOrderFacts => {
    const theirs = seller ? lines.filter((line) => line.ownerId === owner.id) : lines;
    return {
      number,
      items: theirs.reduce((sum, line) => sum + line.quantity, 0),
      total: seller ? theirs.reduce((sum, line) => sum + line.subTotal, 0) : order.totalPrice,
      paymentMethod: order.paymentMethod,
      awaitingConfirmation: order.cashConfirmation === 'awaiting',
      district: order.district,
      customerName: seller ? null : order.customerName,
      lines: theirs.slice(0, ALERT_LINES_SHOWN).map(({ name, quantity }) => ({ name, quantity })),
      moreLines: Math.max(0, theirs.length - ALERT_LINES_SHOWN),
      link: backOfficeLink(publicUrl, order.id, seller, owner.locale),
      seller,
    };
  };
  const path = (seller: boolean) => (seller ? '/seller/orders' : `/admin/orders/${encodeURIComponent(order.id)}`);
  for (const [owner, seller] of [...admins.map((a) => [a, false] as const), ...sellers.map((s) => [s, true] as const)]) {
    const facts = factsFor(owner, seller);
    await writeAlert(tx, 'owner-new-order', order.id, owner, newOrderEmail(facts, owner.locale), {
      ...newOrderPush(facts, owner.locale),
      url: path(seller),
      tag: `owner-order-${order.id}`,
    });
  }
}

/** One owner's email (when the account has an address) and push (when it has a subscribed device). */
async function writeAlert(
  tx: Tx,
  kind: OwnerAlertKind,
  orderId: string | null,
  owner: Owner,
  email: { subject: string; text: string },
  push: PushText & Pick<PushPayload, 'url' | 'tag'>,
): Promise<void> {
  const now = new Date();
  const common = { orderId, kind, nextAttemptAt: now, createdAt: now };
  if (owner.email) {
    await tx
      .insert(customerMessages)
      .values({ id: newId(), ...common, channel: 'email', recipient: owner.email, subject: email.subject, body: email.text })
      .onConflictDoNothing();
  }
  const [device] = await tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, owner.id)).limit(1);
  if (device) {
    const payload: PushPayload = { title: push.title, body: push.body, url: push.url, tag: push.tag };
    await tx
      .insert(customerMessages)
      .values({ id: newId(), ...common, channel: 'push', recipient: owner.id, subject: payload.title, body: JSON.stringify(payload) })
      .onConflictDoNothing();
  }
}

/** Whether the day's summary is due at `now`: the set Dhaka time has come. */
export function summaryDue(now: Date, minuteOfDay: number): boolean {
  const dhakaMinutes = Math.floor((now.getTime() - dhakaMidnight(now).getTime()) / 60_000);
  return dhakaMinutes >= minuteOfDay;
}

/** What waits, counted: one aggregate query each, so a large shop costs counts, never rows. */
export async function summaryCounts(db: Db | Tx): Promise<SummaryCounts> {
  const [orderCounts] = await db
    .select({
      awaitingConfirmation: sql<number>`count(*) filter (where ${orders.status} = 'pending' and ${orders.cashConfirmation} = 'awaiting')`.mapWith(Number),
      toAccept:
        sql<number>`count(*) filter (where ${orders.status} = 'pending' and ${orders.cashConfirmation} is distinct from 'awaiting' and (${orders.paymentMethod} = 'cash' or ${orders.paymentStatus} = 'paid'))`.mapWith(
          Number,
        ),
      toShip: sql<number>`count(*) filter (where ${orders.status} = 'processing')`.mapWith(Number),
    })
    .from(orders)
    .where(inArray(orders.status, ['pending', 'processing']));
  const [requests] = await db.select({ n: count() }).from(refunds).where(eq(refunds.status, 'pending'));
  // A return waits for the shop until its parcel is back: to decide, or approved and not yet received.
  const [returning] = await db
    .select({ n: count() })
    .from(returns)
    .where(inArray(returns.status, ['requested', 'approved']));
  // Stock is counted where it is sold from: a product without variants, or each variant of one.
  const [lowProducts] = await db
    .select({ n: count() })
    .from(products)
    .where(
      and(
        lte(products.remaining, LOW_STOCK_THRESHOLD),
        notExists(
          db
            .select({ one: sql`1` })
            .from(productVariants)
            .where(eq(productVariants.productId, products.id)),
        ),
      ),
    );
  const [lowVariants] = await db.select({ n: count() }).from(productVariants).where(lte(productVariants.remaining, LOW_STOCK_THRESHOLD));
  return {
    awaitingConfirmation: orderCounts?.awaitingConfirmation ?? 0,
    toAccept: orderCounts?.toAccept ?? 0,
    toShip: orderCounts?.toShip ?? 0,
    refundRequests: requests?.n ?? 0,
    returns: returning?.n ?? 0,
    lowStock: (lowProducts?.n ?? 0) + (lowVariants?.n ?? 0),
  };
}

/**
 * Sends the day's morning summary when it is due and not yet sent: the day's row in `morning_summaries` is the
 * claim, inserted in the transaction that writes the admins' messages, so of any number of processes (or runs after a
 * restart) exactly one writes them, and they exist exactly when the day counts as sent. A process that starts after
 * the set time sends the day's summary if none did. Answers whether this call wrote it.
 */
export async function sendMorningSummaryIfDue(db: Db, publicUrl: string, minuteOfDay: number, now = new Date()): Promise<boolean> {
  if (!summaryDue(now, minuteOfDay)) return false;
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(morningSummaries)
      .values({ day: dhakaDay(now) })
      .onConflictDoNothing()
      .returning({ day: morningSummaries.day });
    if (!claimed) return false;
    const counts = await summaryCounts(tx);
    const admins = await alertedAdmins(tx);
    for (const admin of admins) {
      await writeAlert(tx, 'morning-summary', null, admin, summaryEmail(counts, addressInLanguage(`${publicUrl}/admin/orders`, admin.locale), admin.locale), {
        ...summaryPush(counts, admin.locale),
        url: '/admin/orders',
        tag: `morning-summary-${claimed.day}`,
      });
    }
    return true;
  });
}
