import { and, asc, count, desc, eq, exists, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { SellerOrder, SellerRevenue } from '../../../contract/back-office-orders';
import type { OrderStatus } from '../../../contract/orders';
import { pageAnswer, type Page } from '../../../contract/pages';
import type { Db } from '../../db/client';
import { orderItems, orders, products } from '../../db/schema';
import type { AuthUser } from '../../http/auth';
import { toOrderItem } from '../orders/service';
import { countedOrder } from './dashboard';
import { dhakaMidnight } from './dhaka-time';

/** Order lines of products the seller owns. */
const sellersLine = (sellerId: string) => and(eq(products.id, orderItems.productId), eq(products.ownerId, sellerId));

/** Orders holding at least one of the seller's products. */
const holdsSellersProduct = (sellerId: string) =>
  exists(
    // Qualified by hand: the ORM leaves columns unqualified in a one-table select, where `id` would be ambiguous.
    sql`(select 1 from "order_items" inner join "products" on "products"."id" = "order_items"."product_id" and "products"."owner_id" = ${sellerId} where "order_items"."order_id" = "orders"."id")`,
  );

/**
 * The orders holding the seller's products, newest first: only the seller's own lines, and of the customer only
 * what delivering them needs (name, phone, address; never the email or the account).
 */
export async function sellerOrders(db: Db, seller: AuthUser, query: { status?: OrderStatus; page: number; limit: number }): Promise<Page<SellerOrder>> {
  const where: SQL = and(holdsSellersProduct(seller.id), query.status ? eq(orders.status, query.status) : undefined)!;
  const [counted] = await db.select({ n: count() }).from(orders).where(where);
  const total = counted?.n ?? 0;
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const lines = rows.length
    ? await db
        .select({ line: orderItems })
        .from(orderItems)
        .innerJoin(products, sellersLine(seller.id))
        .where(
          inArray(
            orderItems.orderId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(orderItems.orderId), asc(orderItems.position))
    : [];
  const linesOf = new Map<string, (typeof orderItems.$inferSelect)[]>();
  for (const { line } of lines) linesOf.set(line.orderId, [...(linesOf.get(line.orderId) ?? []), line]);
  return pageAnswer(
    rows.map((row) => {
      const own = linesOf.get(row.id) ?? [];
      return {
        _id: row.id,
        createdAt: row.createdAt.toISOString(),
        status: row.status,
        paymentMethod: row.paymentMethod,
        paymentStatus: row.paymentStatus,
        customerName: row.customerName,
        phone: row.phone,
        deliveryAddress: {
          division: row.division,
          district: row.district,
          city: row.city,
          addressDetails: row.addressDetails,
        },
        items: own.map(toOrderItem),
        // Summed in poisha: float taka would drift over many lines.
        itemsTotal: own.reduce((sum, line) => sum + Math.round(line.subTotal * 100), 0) / 100,
      };
    }),
    total,
    query.page,
    query.limit,
  );
}

/** The seller's lines in counted orders (paid, not cancelled) placed since `since`: orders and revenue. */
function sellerPeriod(since: Date) {
  const from = sql`${since.toISOString()}::timestamptz`;
  return {
    orders: sql<number>`count(distinct ${orders.id}) filter (where ${orders.createdAt} >= ${from})`.mapWith(Number),
    revenue: sql<string>`coalesce(sum(${orderItems.subTotal}) filter (where ${orders.createdAt} >= ${from}), 0)`,
  };
}

/** The seller's revenue today, in the last 7 and the last 30 days (Dhaka days), before any coupon on the whole order. */
export async function sellerRevenue(db: Db, seller: AuthUser, now = new Date()): Promise<SellerRevenue> {
  const month = dhakaMidnight(now, 29);
  const [row] = await db
    .select({
      today: sellerPeriod(dhakaMidnight(now)),
      last7Days: sellerPeriod(dhakaMidnight(now, 6)),
      last30Days: sellerPeriod(month),
    })
    .from(orderItems)
    .innerJoin(products, sellersLine(seller.id))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(countedOrder, gte(orders.createdAt, month)));
  const period = (p: { orders: number; revenue: string } | undefined) => ({
    orders: p?.orders ?? 0,
    revenue: Number(p?.revenue ?? 0),
  });
  return {
    today: period(row?.today),
    last7Days: period(row?.last7Days),
    last30Days: period(row?.last30Days),
  };
}
