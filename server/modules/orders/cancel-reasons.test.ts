import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ORDER_NOTES_MAX, type AdminOrderDetail, type OrderNote } from '../../../contract/back-office-orders';
import type { ApiFailure } from '../../../contract/envelope';
import type { Order } from '../../../contract/orders';
import { orderNotes, orders } from '../../db/schema';
import { newId } from '../../db/ids';
import { body, useShop } from '../../test/harness';
import { orderPayload, placed, postOrder, stockOf, stockShop, type StockedShop } from './test-fixtures';

const t = useShop({ people: true });
let shop: StockedShop;
beforeEach(async () => {
  shop = await stockShop(t);
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, payload });
const failure = (res: { json: () => unknown }) => res.json() as ApiFailure;

async function orderSaree(): Promise<Order> {
  const res = await postOrder(
    t,
    shop.alice.headers,
    orderPayload(shop.alice, { items: [{ productId: shop.saree.id, productName: 'Saree', quantity: 1, subTotal: 0 }] }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return placed(res).order;
}
const cancelAsCustomer = (orderId: string, payload: object, headers: Headers = shop.alice.headers) =>
  call('PATCH', `/api/order/update-status/${orderId}`, headers, payload);
const cancelAsAdmin = (orderId: string, payload: object) => call('PATCH', `/api/admin/orders/${orderId}/status`, shop.admin.headers, payload);
const myOrders = async (headers: Headers = shop.alice.headers) =>
  body<Order[]>(await call('GET', `/api/order/get-order-by-customerId/${shop.alice.id}`, headers)).data;
const adminDetail = async (orderId: string) => body<AdminOrderDetail>(await call('GET', `/api/admin/orders/${orderId}`, shop.admin.headers)).data;

describe('cancelling with a reason', () => {
  it("keeps the customer's reason, words and time, shows them on their order and in the back office and its export", async () => {
    const order = await orderSaree();
    const res = await cancelAsCustomer(order._id, { status: 'cancelled', reason: 'found-cheaper', note: '  Cheaper at the market  ' });
    expect(res.statusCode, res.body).toBe(200);
    const answered = body<Order>(res).data;
    expect(answered).toMatchObject({ status: 'cancelled', cancelReason: 'customer', cancelCode: 'found-cheaper', cancelNote: 'Cheaper at the market' });
    expect(Date.parse(answered.cancelledAt!)).not.toBeNaN();
    expect((await myOrders())[0]).toMatchObject({ _id: order._id, cancelCode: 'found-cheaper', cancelNote: 'Cheaper at the market' });
    expect(await stockOf(t, shop.saree.id)).toEqual({ remaining: 10, sales: 0 });

    // Another customer sees nothing of it.
    expect((await call('GET', `/api/order/get-order-by-customerId/${shop.alice.id}`, shop.bob.headers)).statusCode).toBe(403);

    const detail = await adminDetail(order._id);
    expect(detail.cancellation).toEqual({ by: 'customer', reason: 'found-cheaper', note: 'Cheaper at the market', at: answered.cancelledAt });
    expect(detail.history.at(-1)).toMatchObject({ to: 'cancelled', actor: 'customer', note: 'Cheaper at the market' });

    const csv = (await call('GET', '/api/admin/orders/export', shop.admin.headers)).body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(csv[0]).toMatch(/"Cancelled by","Cancel reason","Cancel note","Return","Return refund"$/);
    expect(csv[1]).toMatch(/"customer","found-cheaper","Cheaper at the market","",""$/);
  });

  it('still cancels for a caller that sends the status alone', async () => {
    const order = await orderSaree();
    const res = await cancelAsCustomer(order._id, { status: 'cancelled' });
    expect(res.statusCode).toBe(200);
    expect(body<Order>(res).data).toMatchObject({ status: 'cancelled', cancelReason: 'customer', cancelCode: null, cancelNote: null });
  });

  it("refuses a reason off the list, the shop's reasons, `other` without words, a reason without cancelling and hostile words", async () => {
    const order = await orderSaree();
    const refusals: [object, number, string][] = [
      [{ status: 'cancelled', reason: 'bored' }, 400, 'Choose a reason from the list'],
      [{ status: 'cancelled', reason: 'suspected-fake' }, 400, 'This reason is not on your list: choose one of yours'],
      [{ status: 'cancelled', reason: 'other' }, 400, 'Say in a few words why you cancel'],
      [{ status: 'cancelled', reason: 'other', note: '   ' }, 400, 'Say in a few words why you cancel'],
      [{ status: 'processing', reason: 'found-cheaper' }, 400, 'A reason is given only when cancelling'],
      [{ status: 'cancelled', reason: 'other', note: 'x'.repeat(301) }, 400, 'The note can be at most 300 characters'],
      [{ status: 'cancelled', reason: 'other', note: 'line\nbreak' }, 400, 'Must be one line, without line breaks or tabs'],
      [{ status: 'cancelled', reason: 'other', note: 'bell\u0007' }, 400, 'Text cannot contain control characters'],
    ];
    for (const [payload, status, message] of refusals) {
      const res = await cancelAsCustomer(order._id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect([failure(res).message, ...(failure(res).errors ?? []).map((e) => e.message)], JSON.stringify(payload)).toContain(message);
    }
    expect((await cancelAsCustomer(order._id, { status: 'cancelled', reason: 'other', note: 42 })).statusCode).toBe(400);
    const [row] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order._id));
    expect(row!.status).toBe('pending');
  });

  it("keeps the admin's reason for the back office, not the customer", async () => {
    const order = await orderSaree();
    expect((await cancelAsAdmin(order._id, { status: 'cancelled', reason: 'found-cheaper' })).statusCode).toBe(400);
    const res = await cancelAsAdmin(order._id, { status: 'cancelled', reason: 'suspected-fake', note: 'Phone switched off, third order today' });
    expect(res.statusCode, res.body).toBe(200);
    const detail = body<AdminOrderDetail>(res).data;
    expect(detail.cancellation).toMatchObject({ by: 'shop', reason: 'suspected-fake', note: 'Phone switched off, third order today' });
    expect(detail.order).toMatchObject({ cancelReason: 'shop', cancelCode: null, cancelNote: null });
    const mine = (await myOrders())[0]!;
    expect(mine).toMatchObject({ status: 'cancelled', cancelReason: 'shop', cancelCode: null, cancelNote: null });
    expect(JSON.stringify(mine)).not.toContain('Phone switched off');
  });
});

describe('/api/admin/orders/:orderId/notes', () => {
  const notesUrl = (orderId: string) => `/api/admin/orders/${orderId}/notes`;

  it('keeps admin notes newest first with author and time, never in what the customer is answered', async () => {
    const order = await orderSaree();
    expect(body<OrderNote[]>(await call('GET', notesUrl(order._id), shop.admin.headers)).data).toEqual([]);
    expect((await call('POST', notesUrl(order._id), shop.admin.headers, { body: 'Called: wants delivery after 5 pm' })).statusCode).toBe(201);
    const res = await call('POST', notesUrl(order._id), shop.admin.headers, { body: '  Secret: VIP customer  ' });
    expect(res.statusCode, res.body).toBe(201);
    const notes = body<OrderNote[]>(res).data;
    expect(notes.map((n) => [n.body, n.authorName])).toEqual([
      ['Secret: VIP customer', 'Shop Admin'],
      ['Called: wants delivery after 5 pm', 'Shop Admin'],
    ]);
    expect(notes.every((n) => !Number.isNaN(Date.parse(n.createdAt)))).toBe(true);
    expect(body<OrderNote[]>(await call('GET', notesUrl(order._id), shop.admin.headers)).data).toEqual(notes);

    const answers = [
      (await call('GET', `/api/order/get-order-by-customerId/${shop.alice.id}`, shop.alice.headers)).body,
      (await cancelAsCustomer(order._id, { status: 'cancelled', reason: 'ordered-by-mistake' })).body,
    ];
    for (const answer of answers) expect(answer).not.toContain('VIP customer');
  });

  it('is for admins only, checks the order, and bounds each note and their number', async () => {
    const order = await orderSaree();
    expect((await call('GET', notesUrl(order._id), shop.alice.headers)).statusCode).toBe(403);
    expect((await call('POST', notesUrl(order._id), shop.alice.headers, { body: 'mine' })).statusCode).toBe(403);
    expect((await call('GET', notesUrl(order._id), {})).statusCode).toBe(401);
    const unknown = 'order000000000unknown1';
    expect((await call('GET', notesUrl(unknown), shop.admin.headers)).statusCode).toBe(404);
    expect((await call('POST', notesUrl(unknown), shop.admin.headers, { body: 'x' })).statusCode).toBe(404);

    for (const [payload, message] of [
      [{ body: '' }, 'Write the note'],
      [{ body: '   ' }, 'Write the note'],
      [{ body: 'x'.repeat(501) }, 'A note can be at most 500 characters'],
      [{ body: 'nul\u0000' }, 'Text cannot contain the NUL character (\\u0000)'],
      [{}, 'Write the note'],
    ] as const) {
      const res = await call('POST', notesUrl(order._id), shop.admin.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect([failure(res).message, ...(failure(res).errors ?? []).map((e) => e.message)]).toContain(message);
    }
    // Several lines are fine in a note.
    expect((await call('POST', notesUrl(order._id), shop.admin.headers, { body: 'Line one\nLine two' })).statusCode).toBe(201);

    await t.db
      .insert(orderNotes)
      .values(Array.from({ length: ORDER_NOTES_MAX - 1 }, (_, i) => ({ id: newId(), orderId: order._id, authorId: shop.admin.id, body: `n${i}` })));
    const full = await call('POST', notesUrl(order._id), shop.admin.headers, { body: 'one more' });
    expect(full.statusCode).toBe(409);
    expect(failure(full).message).toBe('An order can hold at most 50 notes');
    expect(body<OrderNote[]>(await call('GET', notesUrl(order._id), shop.admin.headers)).data).toHaveLength(ORDER_NOTES_MAX);
  });
});
