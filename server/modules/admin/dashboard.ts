import { and, asc, count, desc, eq, gte, isNotNull, lte, ne, notExists, sql } from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD, type Dashboard } from '../../../contract/back-office-orders';
import { orderStatuses, type OrderStatus } from '../../../contract/orders';
import type { Db } from '../../db/client';
import { orderItems, orders, products, productVariants, refunds } from '../../db/schema';
import { dhakaDay, dhakaMidnight } from './dhaka-time';

const CHART_DAYS = 30;
const LOW_STOCK_SHOWN = 10;
const TOP_PRODUCTS_SHOWN = 5;

/** Orders whose money the shop has: paid online, or cash collected at delivery (which marks them paid); never cancelled ones. */
export const countedOrder = and(eq(orders.paymentStatus, 'paid'), ne(orders.status, 'cancelled'))!;

const money = (value: string | number | null) => Number(value ?? 0);

/** Counted orders, their revenue and orders placed (not cancelled) since `since`. */
function periodColumns(sinceInstant: Date) {
  const since = sql`${sinceInstant.toISOString()}::timestamptz`;
  return {
    orders: sql<number>`count(*) filter (where ${countedOrder} and ${orders.createdAt} >= ${since})`.mapWith(Number),
    revenue: sql<string>`coalesce(sum(${orders.totalPrice}) filter (where ${countedOrder} and ${orders.createdAt} >= ${since}), 0)`,
    placed: sql<number>`count(*) filter (where ${orders.status} <> 'cancelled' and ${orders.createdAt} >= ${since})`.mapWith(Number),
  };
}

/** The admin dashboard: periods by Dhaka days, orders by status, refunds waiting, low stock, best sellers and a 30-day chart. */
export async function dashboard(db: Db, now = new Date()): Promise<Dashboard> {
  const today = dhakaMidnight(now);
  const week = dhakaMidnight(now, 6);
  const month = dhakaMidnight(now, CHART_DAYS - 1);

  const [periods] = await db
    .select({
      today: periodColumns(today),
      last7Days: periodColumns(week),
      last30Days: periodColumns(month),
    })
    .from(orders)
    .where(gte(orders.createdAt, month));
  const period = (p: { orders: number; revenue: string; placed: number } | undefined) => ({
    orders: p?.orders ?? 0,
    revenue: money(p?.revenue ?? 0),
    placed: p?.placed ?? 0,
  });

  const byStatus = await db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status);
  const ordersByStatus = Object.fromEntries(orderStatuses.map((status) => [status, 0])) as Record<OrderStatus, number>;
  for (const row of byStatus) ordersByStatus[row.status] = row.n;

  const [waiting] = await db.select({ n: count() }).from(refunds).where(eq(refunds.status, 'pending'));

  // Stock is counted where it is sold from: a product without variants, or each variant of one.
  const image = sql<string | null>`${products.images}[1]`;
  const [lowProducts, lowVariants] = await Promise.all([
    db
      .select({ _id: products.id, name: products.name, remaining: products.remaining, image })
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
      )
      .orderBy(asc(products.remaining), asc(products.name), asc(products.id))
      .limit(LOW_STOCK_SHOWN),
    db
      .select({
        _id: products.id,
        variantId: productVariants.id,
        size: productVariants.size,
        color: productVariants.color,
        name: products.name,
        remaining: productVariants.remaining,
        image,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(lte(productVariants.remaining, LOW_STOCK_THRESHOLD))
      .orderBy(asc(productVariants.remaining), asc(products.name), asc(productVariants.position))
      .limit(LOW_STOCK_SHOWN),
  ]);
  const lowStock = [...lowProducts.map((row) => ({ ...row, variantId: null, size: null, color: null })), ...lowVariants]
    .sort((a, b) => a.remaining - b.remaining || a.name.localeCompare(b.name))
    .slice(0, LOW_STOCK_SHOWN);

  const quantity = sql<number>`sum(${orderItems.quantity})`.mapWith(Number);
  const top = await db
    .select({ productId: products.id, name: products.name, quantity, revenue: sql<string>`sum(${orderItems.subTotal})` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(countedOrder, gte(orders.createdAt, month), isNotNull(orderItems.productId)))
    .groupBy(products.id, products.name)
    .orderBy(desc(quantity), asc(products.name))
    .limit(TOP_PRODUCTS_SHOWN);

  // Days in Dhaka: shift the UTC instant by six hours before taking its date.
  const dayOf = sql<string>`to_char((${orders.createdAt} at time zone 'UTC') + interval '6 hours', 'YYYY-MM-DD')`;
  const daily = await db
    .select({ date: dayOf, orders: sql<number>`count(*)`.mapWith(Number), revenue: sql<string>`sum(${orders.totalPrice})` })
    .from(orders)
    .where(and(countedOrder, gte(orders.createdAt, month)))
    .groupBy(dayOf);
  const byDay = new Map(daily.map((row) => [row.date, row]));
  const revenueByDay = Array.from({ length: CHART_DAYS }, (_, index) => {
    const date = dhakaDay(dhakaMidnight(now, CHART_DAYS - 1 - index));
    const row = byDay.get(date);
    return { date, orders: row?.orders ?? 0, revenue: money(row?.revenue ?? 0) };
  });

  return {
    today: period(periods?.today),
    last7Days: period(periods?.last7Days),
    last30Days: period(periods?.last30Days),
    ordersByStatus,
    refundsWaiting: waiting?.n ?? 0,
    lowStock,
    topProducts: top.map((row) => ({ productId: row.productId, name: row.name, quantity: row.quantity, revenue: money(row.revenue) })),
    revenueByDay,
  };
}
