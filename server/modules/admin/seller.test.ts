import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SellerOrder, SellerRevenue } from '../../../contract/back-office-orders';
import type { Order } from '../../../contract/orders';
import type { Page } from '../../../contract/pages';
import { orders, products } from '../../db/schema';
import { authAs, body, createUser, type Person, useShop } from '../../test/harness';
import { orderPayload, placed, postOrder, stockShop, type StockedShop } from '../orders/test-fixtures';

const t = useShop({ people: true });
let shop: StockedShop;
let otherSeller: Person;
beforeEach(async () => {
  shop = await stockShop(t);
  const row = await createUser(t.db, { name: 'Sylhet Stores', email: 'other-seller@example.com', role: 'seller' });
  otherSeller = { ...row, headers: await authAs(t.config, row) };
  // The seller sells the saree and the panjabi; the other seller the tea.
  await t.db.update(products).set({ ownerId: t.seller.id }).where(eq(products.id, shop.saree.id));
  await t.db.update(products).set({ ownerId: t.seller.id }).where(eq(products.id, shop.panjabi.id));
  await t.db.update(products).set({ ownerId: otherSeller.id }).where(eq(products.id, shop.tea.id));
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url, headers });

async function placeCash(customer: Person, items: { productId: string; quantity: number; size?: string; color?: string }[]): Promise<Order> {
  const res = await postOrder(t, customer.headers, orderPayload(customer, { items }));
  expect(res.statusCode).toBe(201);
  return placed(res).order;
}

async function deliver(orderId: string) {
  for (const status of ['processing', 'shipped', 'delivered']) {
    const res = await t.app.inject({ method: 'PATCH', url: `/api/admin/orders/${orderId}/status`, headers: t.admin.headers, payload: { status } });
    expect(res.statusCode).toBe(200);
  }
}

describe('who may call the seller endpoints', () => {
  it('answers anonymous callers 401 and customers 403', async () => {
    for (const url of ['/api/seller/orders', '/api/seller/revenue']) {
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, shop.alice.headers)).statusCode, url).toBe(403);
      expect((await get(url, t.seller.headers)).statusCode, url).toBe(200);
    }
  });
});

describe('GET /api/seller/orders', () => {
  it("shows a seller only orders holding their products, only their lines, and the customer's delivery details without the email", async () => {
    const mixed = await placeCash(shop.alice, [
      { productId: shop.tea.id, quantity: 2 },
      { productId: shop.saree.id, quantity: 1 },
    ]);
    const teaOnly = await placeCash(shop.bob, [{ productId: shop.tea.id, quantity: 1 }]);

    const res = await get('/api/seller/orders', t.seller.headers);
    expect(res.statusCode).toBe(200);
    const page = body<Page<SellerOrder>>(res).data;
    expect(page.total).toBe(1);
    expect(page.data).toEqual([
      {
        _id: mixed._id,
        createdAt: mixed.createdAt,
        status: 'pending',
        paymentMethod: 'cash',
        paymentStatus: 'unpaid',
        customerName: 'Alice Rahman',
        phone: '01712345678',
        deliveryAddress: { division: 'Dhaka', district: 'Dhaka', city: 'Dhanmondi', addressDetails: 'House 12, Road 5' },
        items: [expect.objectContaining({ productId: shop.saree.id, quantity: 1, price: 1350, subTotal: 1350 })],
        itemsTotal: 1350,
      },
    ]);
    expect(res.body).not.toContain('alice@example.com');
    expect(res.body).not.toContain(shop.alice.id);

    // The other seller sees their tea in both orders, and none of the first seller's lines.
    const other = body<Page<SellerOrder>>(await get('/api/seller/orders', otherSeller.headers)).data;
    expect(other.data.map((o) => o._id)).toEqual([teaOnly._id, mixed._id]);
    expect(other.data.flatMap((o) => o.items.map((line) => line.productId))).toEqual([shop.tea.id, shop.tea.id]);

    expect(body<{ total: number }>(await get('/api/seller/orders?status=delivered', t.seller.headers)).data.total).toBe(0);
    for (const query of ['limit=101', 'page=0', 'status=lost'])
      expect((await get(`/api/seller/orders?${query}`, t.seller.headers)).statusCode, query).toBe(400);
  });
});

describe('GET /api/seller/revenue', () => {
  it("sums the seller's lines of paid orders not cancelled, today, in 7 and in 30 days", async () => {
    const delivered = await placeCash(shop.alice, [
      { productId: shop.saree.id, quantity: 2 },
      { productId: shop.tea.id, quantity: 1 },
    ]);
    await deliver(delivered._id);
    const older = await placeCash(shop.bob, [{ productId: shop.panjabi.id, quantity: 1, size: 'M', color: 'White' }]);
    await deliver(older._id);
    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 10 * 24 * 3_600_000) })
      .where(eq(orders.id, older._id));
    await placeCash(shop.alice, [{ productId: shop.saree.id, quantity: 1 }]); // not paid yet

    const mine = body<SellerRevenue>(await get('/api/seller/revenue', t.seller.headers)).data;
    expect(mine).toEqual({ today: { orders: 1, revenue: 2700 }, last7Days: { orders: 1, revenue: 2700 }, last30Days: { orders: 2, revenue: 3550 } });
    const theirs = body<SellerRevenue>(await get('/api/seller/revenue', otherSeller.headers)).data;
    expect(theirs.last30Days).toEqual({ orders: 1, revenue: 84.99 });
  });
});
