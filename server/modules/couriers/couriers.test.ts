import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '../../../contract/back-office-orders';
import type { ApiFailure } from '../../../contract/envelope';
import type { Order } from '../../../contract/orders';
import { orderEvents, orders, parcelEvents, sandboxParcels } from '../../db/schema';
import { body, useShop } from '../../test/harness';
import { orderPayload, placed, postOrder, stockOf, stockShop, type StockedShop } from '../orders/test-fixtures';
import { sandboxCourierSettings, signSandboxWebhook, SIGNATURE_HEADER } from './sandbox';

const t = useShop({ people: true, env: { CASH_CONFIRMATION: 'on' } });
let shop: StockedShop;
beforeEach(async () => {
  shop = await stockShop(t);
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, payload });
const failure = (res: { json: () => unknown }) => res.json() as ApiFailure;
const book = (orderId: string, payload?: object, headers: Headers = shop.admin.headers) =>
  call('POST', `/api/admin/orders/${orderId}/courier`, headers, payload);
const move = (orderId: string, status: string) => call('PATCH', `/api/admin/orders/${orderId}/status`, shop.admin.headers, { status });
const myOrder = async (orderId: string) =>
  body<Order[]>(await call('GET', `/api/order/get-order-by-customerId/${shop.alice.id}`, shop.alice.headers)).data.find((o) => o._id === orderId)!;

/** Alice orders two teas cash on delivery from a new number; the shop confirms it by phone and starts on it. */
async function orderInProcessing(): Promise<Order> {
  const res = await postOrder(
    t,
    shop.alice.headers,
    orderPayload(shop.alice, { phone: '01812000001', items: [{ productId: shop.tea.id, productName: 'Tea', quantity: 2, subTotal: 0 }] }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const order = placed(res).order;
  expect((await call('POST', `/api/admin/orders/${order._id}/confirm-cash`, shop.admin.headers)).statusCode).toBe(200);
  expect((await move(order._id, 'processing')).statusCode).toBe(200);
  return order;
}

/** Books the order with the sandbox courier; answers the order as the admin then sees it. */
async function booked(order: Order): Promise<Order> {
  const res = await book(order._id);
  expect(res.statusCode, res.body).toBe(200);
  return body<AdminOrderDetail>(res).data.order;
}

/** A webhook as the sandbox courier signs it. */
function webhook(consignmentId: string, status: 'delivered' | 'returned', at: string, signature?: string) {
  const hook = { consignment_id: consignmentId, tracking_code: 'x', status, updated_at: at };
  const secret = sandboxCourierSettings(t.config.jwtSecret, t.config.publicUrl).secretKey;
  return t.app.inject({
    method: 'POST',
    url: '/api/courier/sandbox/webhook',
    headers: { [SIGNATURE_HEADER]: signature ?? signSandboxWebhook(secret, hook) },
    payload: hook,
  });
}
const consignmentOf = async (orderId: string) => (await t.db.select({ id: orders.consignmentId }).from(orders).where(eq(orders.id, orderId)))[0]!.id!;
const historyOf = (orderId: string) => t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));

describe('booking a parcel', () => {
  it('books an order in processing with the courier, cash to collect its total, marks it shipped and tells the customer the code and link', async () => {
    const order = await orderInProcessing();
    const shipped = await booked(order);
    expect(shipped.status).toBe('shipped');
    expect(shipped.tracking).toMatchObject({
      courier: 'Sandbox courier',
      code: expect.stringMatching(/^SBX[0-9A-F]{12}$/),
      url: expect.stringContaining('/api/courier/sandbox/track/'),
    });
    expect(shipped.tracking!.events.map((e) => e.status)).toEqual(['booked']);
    const [parcel] = await t.db.select().from(sandboxParcels).where(eq(sandboxParcels.invoice, order._id));
    expect(parcel).toMatchObject({ codAmount: order.totalPrice, recipientPhone: '01812000001', trackingCode: shipped.tracking!.code });
    const mail = t.outbox.last(shop.alice.email!);
    expect(mail.text).toContain(shipped.tracking!.code);
    expect(mail.text).toContain(shipped.tracking!.url!);
    expect((await myOrder(order._id)).tracking?.code).toBe(shipped.tracking!.code);
    // Booked once: a second press is refused, and the sandbox courier holds one parcel.
    expect(failure(await book(order._id)).code).toBe('parcelAlreadyBooked');
    expect(await t.db.select().from(sandboxParcels)).toHaveLength(1);
  });

  it('collects nothing at the door for a paid order', async () => {
    const order = await orderInProcessing();
    await t.db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, order._id));
    await booked(order);
    const [parcel] = await t.db.select().from(sandboxParcels).where(eq(sandboxParcels.invoice, order._id));
    expect(parcel!.codAmount).toBe(0);
  });

  it('refuses a cash order awaiting confirmation (409), an order not in processing, a customer and an unknown order', async () => {
    const res = await postOrder(
      t,
      shop.alice.headers,
      orderPayload(shop.alice, { phone: '01812000002', items: [{ productId: shop.tea.id, productName: 'Tea', quantity: 1, subTotal: 0 }] }),
    );
    const waiting = placed(res).order;
    const refused = await book(waiting._id);
    expect(refused.statusCode).toBe(409);
    expect(failure(refused).code).toBe('cashOrderUnconfirmed');
    await call('POST', `/api/admin/orders/${waiting._id}/confirm-cash`, shop.admin.headers);
    expect(failure(await book(waiting._id)).code).toBe('parcelNotBookable');
    expect((await book(waiting._id, {}, shop.alice.headers)).statusCode).toBe(403);
    expect((await book('ffffffffffffffffffffffff')).statusCode).toBe(404);
    expect(await t.db.select().from(sandboxParcels)).toHaveLength(0);
  });

  it('records a parcel sent with another courier, its code typed in; the link must be https', async () => {
    const order = await orderInProcessing();
    expect((await book(order._id, { other: { courier: 'Sundarban', code: 'SB-1', url: 'http://sundarban.example/t/1' } })).statusCode).toBe(400);
    const res = await book(order._id, { other: { courier: 'Sundarban', code: 'SB-1', url: 'https://sundarban.example/t/1' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<AdminOrderDetail>(res).data.order).toMatchObject({
      status: 'shipped',
      tracking: { courier: 'Sundarban', code: 'SB-1', url: 'https://sundarban.example/t/1' },
    });
    expect(t.outbox.last(shop.alice.email!).text).toContain('Sundarban SB-1');
    expect(await t.db.select().from(sandboxParcels)).toHaveLength(0);
  });
});

describe("the courier's updates", () => {
  it('delivered: the order is delivered and its cash collected, once however often the courier sends it', async () => {
    const order = await booked(await orderInProcessing());
    const deliver = await call('POST', `/api/courier/sandbox/deliver/${order.tracking!.code}`, shop.admin.headers);
    expect(deliver.statusCode, deliver.body).toBe(200);
    const delivered = await myOrder(order._id);
    expect(delivered).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
    expect(delivered.tracking!.events.map((e) => e.status)).toEqual(['booked', 'delivered']);
    const events = (await historyOf(order._id)).length;
    const consignment = await consignmentOf(order._id);
    for (let i = 0; i < 3; i += 1) expect((await webhook(consignment, 'delivered', new Date().toISOString())).statusCode).toBe(200);
    expect(await historyOf(order._id)).toHaveLength(events);
    expect(await t.db.select().from(parcelEvents).where(eq(parcelEvents.orderId, order._id))).toHaveLength(2);
    // The sandbox moves a parcel once.
    expect((await call('POST', `/api/courier/sandbox/return/${order.tracking!.code}`, shop.admin.headers)).statusCode).toBe(409);
  });

  it('returned: the order is cancelled, its stock back, the customer told', async () => {
    const before = await stockOf(t, shop.tea.id);
    const order = await booked(await orderInProcessing());
    expect((await stockOf(t, shop.tea.id)).remaining).toBe(before.remaining - 2);
    expect((await call('POST', `/api/courier/sandbox/return/${order.tracking!.code}`, shop.admin.headers)).statusCode).toBe(200);
    expect(await myOrder(order._id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'returned',
      cancelCode: null,
      cancelledAt: expect.any(String),
      paymentStatus: 'unpaid',
    });
    expect((await stockOf(t, shop.tea.id)).remaining).toBe(before.remaining);
    expect(t.outbox.last(shop.alice.email!).text).toContain('came back to us undelivered');
    // Sent again: the stock comes back once.
    await webhook(await consignmentOf(order._id), 'returned', new Date().toISOString());
    expect((await stockOf(t, shop.tea.id)).remaining).toBe(before.remaining);
  });

  it('reordered: a delivery reported after the return changes nothing; the timeline reads in the order things happened', async () => {
    const order = await booked(await orderInProcessing());
    const consignment = await consignmentOf(order._id);
    const stock = await stockOf(t, shop.tea.id);
    const later = new Date(Date.now() + 60_000).toISOString();
    expect((await webhook(consignment, 'returned', later)).statusCode).toBe(200);
    expect((await webhook(consignment, 'delivered', new Date().toISOString())).statusCode).toBe(200);
    const read = await myOrder(order._id);
    expect(read.status).toBe('cancelled');
    expect(read.tracking!.events.map((e) => e.status)).toEqual(['booked', 'delivered', 'returned']);
    expect(await stockOf(t, shop.tea.id)).toEqual({ ...stock, remaining: stock.remaining + 2, sales: stock.sales - 2 });
  });

  it('refuses a webhook without the right signature, and one for a courier the shop does not use', async () => {
    const order = await booked(await orderInProcessing());
    const consignment = await consignmentOf(order._id);
    const forged = await webhook(consignment, 'delivered', new Date().toISOString(), 'f'.repeat(64));
    expect(forged.statusCode).toBe(401);
    expect(failure(forged).code).toBe('courierWebhookRefused');
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/courier/sandbox/webhook', payload: { consignment_id: consignment, status: 'delivered' } });
    expect(unsigned.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/courier/steadfast/webhook', payload: {} })).statusCode).toBe(404);
    expect((await myOrder(order._id)).status).toBe('shipped');
  });

  it('lets only an admin move a sandbox parcel', async () => {
    const order = await booked(await orderInProcessing());
    expect((await call('POST', `/api/courier/sandbox/deliver/${order.tracking!.code}`, shop.alice.headers)).statusCode).toBe(403);
    expect((await call('POST', '/api/courier/sandbox/deliver/SBXNOSUCH', shop.admin.headers)).statusCode).toBe(404);
    expect((await myOrder(order._id)).status).toBe('shipped');
  });

  it('reads the status from the courier on request and applies it once', async () => {
    const order = await booked(await orderInProcessing());
    await t.db.update(sandboxParcels).set({ status: 'delivered' }).where(eq(sandboxParcels.invoice, order._id));
    const res = await call('POST', `/api/admin/orders/${order._id}/courier/status`, shop.admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(body<AdminOrderDetail>(res).data.order).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
    await call('POST', `/api/admin/orders/${order._id}/courier/status`, shop.admin.headers);
    expect((await historyOf(order._id)).filter((e) => e.toValue === 'delivered')).toHaveLength(1);
  });
});
