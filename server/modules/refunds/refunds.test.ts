import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order, Refund } from '../../../contract/orders';
import { orders, refunds, sandboxTransactions } from '../../db/schema';
import { newId } from '../../db/ids';
import { body, type Person, useShop } from '../../test/harness';
import { stockShop, orderPayload, placed, postOrder, stockOf, type StockedShop } from '../orders/test-fixtures';
import { placeMobileBankingOrder, pressAndReturn } from '../payments/test-fixtures';

const t = useShop({ people: true });
let shop: StockedShop;
beforeEach(async () => {
  shop = await stockShop(t);
});

/** A mobile-banking order paid through the sandbox gateway. */
async function paidOrder(customer: Person, quantity = 2): Promise<Order> {
  const { order, forms } = await placeMobileBankingOrder(t, shop, customer, quantity);
  const back = await pressAndReturn(t, forms.pay, 'success');
  expect(back.headers.location).toBe(`/payment/success/${order.transaction_id}`);
  return order;
}

const requestRefund = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url: '/api/refund/post', headers, payload });
const listRefunds = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/refund', headers });
const setRefundStatus = (headers: Record<string, string>, id: string, status: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/refund/${id}`, headers, payload: { id, status } });

describe('POST /api/refund/post', () => {
  it('records a pending refund and cancels the paid order, returning its stock, in one go', async () => {
    const order = await paidOrder(shop.alice, 2);
    expect(await stockOf(t, shop.saree.id)).toEqual({ remaining: 8, sales: 2 });
    const res = await requestRefund(shop.alice.headers, { orderId: order._id, refundMethod: 'bkash', refundNumber: '01711222333' });
    expect(res.statusCode).toBe(201);
    expect(body(res).message).toBe('Refund request submitted!');
    const refund = body<Refund>(res).data;
    expect(refund).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      createdAt: expect.any(String),
      orderId: { _id: order._id, transaction_id: order.transaction_id, totalPrice: 2760 },
      refundMethod: 'bkash',
      refundNumber: '01711222333',
      refundStatus: 'pending',
      rejectReason: null,
      settledAt: null,
      payout: null,
      manualReference: null,
    });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'paid' });
    expect(await stockOf(t, shop.saree.id)).toEqual({ remaining: 10, sales: 0 });
  });

  it('answers 409 to a second request for the same order and changes nothing more', async () => {
    const order = await paidOrder(shop.alice);
    const payload = { orderId: order._id, refundMethod: 'nagad', refundNumber: '01911222333' };
    expect((await requestRefund(shop.alice.headers, payload)).statusCode).toBe(201);
    const twice = await requestRefund(shop.alice.headers, payload);
    expect(twice.statusCode).toBe(409);
    expect(body(twice).message).toBe('A refund has already been requested for this order');
    expect(await t.db.select().from(refunds)).toHaveLength(1);
    expect(await stockOf(t, shop.saree.id)).toEqual({ remaining: 10, sales: 0 });
  });

  it("refuses a refund of another customer's order", async () => {
    const order = await paidOrder(shop.alice);
    const res = await requestRefund(shop.bob.headers, { orderId: order._id, refundMethod: 'bkash', refundNumber: '01811222333' });
    expect(res.statusCode).toBe(403);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row!.status).toBe('pending');
    expect(await t.db.select().from(refunds)).toEqual([]);
  });

  it('refuses unpaid, cash and no longer pending orders', async () => {
    // Two sarees: the paid order below is one, and a different order from this unpaid one.
    const unpaid = await placeMobileBankingOrder(t, shop, shop.alice, 2);
    const cashRes = await postOrder(t, shop.alice.headers, orderPayload(shop.alice, { items: [{ productId: shop.tea.id, quantity: 1 }] }));
    const cash = placed(cashRes).order;
    const shipped = await paidOrder(shop.alice, 1);
    await t.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, shipped._id));

    const cases: [string, string][] = [
      [unpaid.order._id, 'Only orders paid online can be refunded'],
      [cash._id, 'Only orders paid online can be refunded'],
      [shipped._id, 'Only pending orders can be cancelled for a refund'],
    ];
    for (const [orderId, message] of cases) {
      const res = await requestRefund(shop.alice.headers, { orderId, refundMethod: 'rocket', refundNumber: '01611222333' });
      expect(res.statusCode).toBe(409);
      expect(body(res).message).toBe(message);
    }
    expect((await requestRefund(shop.alice.headers, { orderId: newId(), refundMethod: 'rocket', refundNumber: '01611222333' })).statusCode).toBe(404);
    expect(await t.db.select().from(refunds)).toEqual([]);
  });

  it('checks the method and the Bangladeshi number', async () => {
    const order = await paidOrder(shop.alice);
    const badNumber = await requestRefund(shop.alice.headers, { orderId: order._id, refundMethod: 'bkash', refundNumber: '0171122233' });
    expect(badNumber.statusCode).toBe(400);
    expect(body(badNumber).message).toBe('Must be a valid Bangladeshi number (e.g. 01XXXXXXXXX)');
    const card = await requestRefund(shop.alice.headers, { orderId: order._id, refundMethod: 'card', refundNumber: '01711222333' });
    expect(card.statusCode).toBe(400);
    expect(await t.db.select().from(refunds)).toEqual([]);
  });
});

describe('GET /api/refund', () => {
  it('shows customers their own requests and admins all, newest first', async () => {
    const alices = await paidOrder(shop.alice);
    const bobs = await paidOrder(shop.bob);
    const first = body<Refund>(await requestRefund(shop.alice.headers, { orderId: alices._id, refundMethod: 'bkash', refundNumber: '01711222333' })).data;
    await t.db
      .update(refunds)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(refunds.id, first._id));
    const second = body<Refund>(await requestRefund(shop.bob.headers, { orderId: bobs._id, refundMethod: 'nagad', refundNumber: '01811222333' })).data;

    expect(body<Refund[]>(await listRefunds(shop.alice.headers)).data.map((r) => r._id)).toEqual([first._id]);
    expect(body<Refund[]>(await listRefunds(shop.bob.headers)).data.map((r) => r._id)).toEqual([second._id]);
    expect(body<Refund[]>(await listRefunds(shop.admin.headers)).data.map((r) => r._id)).toEqual([second._id, first._id]);
    expect((await listRefunds({})).statusCode).toBe(401);
  });
});

describe('PATCH /api/refund/:id', () => {
  it('is for admins only', async () => {
    const order = await paidOrder(shop.alice);
    const refund = body<Refund>(await requestRefund(shop.alice.headers, { orderId: order._id, refundMethod: 'bkash', refundNumber: '01711222333' })).data;
    const res = await setRefundStatus(shop.alice.headers, refund._id, 'refunded');
    expect(res.statusCode).toBe(403);
    const [row] = await t.db.select().from(refunds);
    expect(row!.status).toBe('pending');
  });

  it('moves a request along and pays the money back through the gateway when marked refunded, once', async () => {
    const order = await paidOrder(shop.alice);
    const refund = body<Refund>(await requestRefund(shop.alice.headers, { orderId: order._id, refundMethod: 'bkash', refundNumber: '01711222333' })).data;

    const approved = await setRefundStatus(shop.admin.headers, refund._id, 'approved');
    expect(body<Refund>(approved).data.refundStatus).toBe('approved');
    let [session] = await t.db.select().from(sandboxTransactions);
    expect(session!.refundRefId).toBeNull();

    const refunded = await setRefundStatus(shop.admin.headers, refund._id, 'refunded');
    expect(refunded.statusCode).toBe(200);
    expect(body<Refund>(refunded).data.refundStatus).toBe('refunded');
    [session] = await t.db.select().from(sandboxTransactions);
    expect(session).toMatchObject({ refundReference: refund._id, refundedAmount: 2760 });
    const [row] = await t.db.select().from(refunds);
    expect(row!.gatewayRefundId).toBe(session!.refundRefId);
    const [orderRow] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(orderRow!.paymentStatus).toBe('refunded');

    const reopen = await setRefundStatus(shop.admin.headers, refund._id, 'rejected');
    expect(reopen.statusCode).toBe(409);
    expect(body(reopen).message).toBe('This refund has already been paid back');
  });

  it('answers 404 for an unknown request and 400 for an unknown status or a mismatched id', async () => {
    expect((await setRefundStatus(shop.admin.headers, newId(), 'approved')).statusCode).toBe(404);
    const order = await paidOrder(shop.alice);
    const refund = body<Refund>(await requestRefund(shop.alice.headers, { orderId: order._id, refundMethod: 'bkash', refundNumber: '01711222333' })).data;
    expect((await setRefundStatus(shop.admin.headers, refund._id, 'lost')).statusCode).toBe(400);
    const mismatch = await t.app.inject({
      method: 'PATCH',
      url: `/api/refund/${refund._id}`,
      headers: shop.admin.headers,
      payload: { id: newId(), status: 'approved' },
    });
    expect(mismatch.statusCode).toBe(400);
  });
});
