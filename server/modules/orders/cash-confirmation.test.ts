import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '../../../contract/back-office-orders';
import type { ApiFailure } from '../../../contract/envelope';
import { orderNumber } from '../../../contract/order-number';
import type { Order } from '../../../contract/orders';
import { customerMessages, orders } from '../../db/schema';
import { authAs, body, createTestApp, createUser, useShop } from '../../test/harness';
import { insertCategory, insertProduct } from '../products/test-fixtures';
import { CASH_CODE_MAX_TRIES } from './cash-confirmation';
import { runOrderHousekeeping } from './housekeeping';
import { orderPayload, placed, postOrder, stockOf, stockShop, type StockedShop } from './test-fixtures';

const t = useShop({ people: true, env: { CASH_CONFIRMATION: 'on' } });
let shop: StockedShop;
beforeEach(async () => {
  shop = await stockShop(t);
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, payload });
const failure = (res: { json: () => unknown }) => res.json() as ApiFailure;

const UNKNOWN_PHONE = '01812000001';

/** Alice orders one tea cash on delivery to `phone`; answers the order. */
async function orderTea(phone = UNKNOWN_PHONE, quantity = 1): Promise<Order> {
  const res = await postOrder(
    t,
    shop.alice.headers,
    orderPayload(shop.alice, { phone, items: [{ productId: shop.tea.id, productName: 'Tea', quantity, subTotal: 0 }] }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return placed(res).order;
}

/** The code of the last SMS to `phone`. */
const codeSentTo = (phone: string) => /code (\d{6})/.exec(t.outbox.last(phone).text)![1]!;
const confirm = (orderId: string, code: string, headers: Headers = shop.alice.headers) => call('POST', `/api/order/confirm-cash/${orderId}`, headers, { code });
const move = (orderId: string, status: string) => call('PATCH', `/api/admin/orders/${orderId}/status`, shop.admin.headers, { status });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('a cash order from a number without a delivered order', () => {
  it('waits for the code texted to its phone with a link to its page; the code is kept hashed and confirms it once', async () => {
    const order = await orderTea();
    expect(order.cashConfirmation).toBe('awaiting');
    const sms = t.outbox.last(UNKNOWN_PHONE);
    expect(sms.channel).toBe('sms');
    expect(sms.text).toContain(`#${orderNumber(order._id)}`);
    expect(sms.text).toContain(`${t.config.publicUrl}/user/my-orders?order=${order._id}`);
    const code = codeSentTo(UNKNOWN_PHONE);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row!.confirmCodeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);

    const wrong = await confirm(order._id, wrongCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(failure(wrong).code).toBe('cashCodeWrong');
    const right = await confirm(order._id, code);
    expect(right.statusCode, right.body).toBe(200);
    expect(body<Order>(right).data.cashConfirmation).toBe('confirmed');
    expect(failure(await confirm(order._id, code)).code).toBe('cashOrderNotAwaiting');

    const detail = body<AdminOrderDetail>(await call('GET', `/api/admin/orders/${order._id}`, shop.admin.headers)).data;
    expect(detail.history.at(-1)).toMatchObject({ kind: 'confirmation', from: 'awaiting', to: 'confirmed', actor: 'customer', actorName: 'Alice Rahman' });
    expect(detail.nextStatuses).toEqual(['processing', 'cancelled']);
    expect((await move(order._id, 'processing')).statusCode).toBe(200);
  });

  it('cannot move to processing before it is confirmed (409), only be cancelled', async () => {
    const order = await orderTea();
    const detail = body<AdminOrderDetail>(await call('GET', `/api/admin/orders/${order._id}`, shop.admin.headers)).data;
    expect(detail.nextStatuses).toEqual(['cancelled']);
    const refused = await move(order._id, 'processing');
    expect(refused.statusCode).toBe(409);
    expect(failure(refused)).toMatchObject({
      code: 'cashOrderUnconfirmed',
      message: 'This cash order is not confirmed yet: confirm it with the customer first.',
    });
    const throughOldRoute = await call('PATCH', `/api/order/update-status/${order._id}`, shop.admin.headers, { status: 'processing' });
    expect(throughOldRoute.statusCode).toBe(409);
    expect((await move(order._id, 'cancelled')).statusCode).toBe(200);
  });

  it('is confirmed by an admin who called the phone, with who and when in its history; nobody else may', async () => {
    const order = await orderTea();
    expect((await call('POST', `/api/admin/orders/${order._id}/confirm-cash`, shop.alice.headers)).statusCode).toBe(403);
    const before = Date.now();
    const confirmed = await call('POST', `/api/admin/orders/${order._id}/confirm-cash`, shop.admin.headers);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const detail = body<AdminOrderDetail>(confirmed).data;
    expect(detail.order.cashConfirmation).toBe('confirmed');
    const event = detail.history.at(-1)!;
    expect(event).toMatchObject({ kind: 'confirmation', to: 'confirmed', actor: 'admin', actorName: 'Shop Admin', note: 'Confirmed by phone' });
    expect(Date.parse(event.at)).toBeGreaterThanOrEqual(before - 1000);
    expect((await call('POST', `/api/admin/orders/${order._id}/confirm-cash`, shop.admin.headers)).statusCode).toBe(409);
    expect((await call('POST', `/api/admin/orders/00000000000000000000dead/confirm-cash`, shop.admin.headers)).statusCode).toBe(404);
  });

  it('is confirmed only by its own customer', async () => {
    const order = await orderTea();
    const code = codeSentTo(UNKNOWN_PHONE);
    const bobs = await confirm(order._id, code, shop.bob.headers);
    expect(bobs.statusCode).toBe(403);
    expect((await confirm(order._id, 'abc')).statusCode).toBe(400);
    expect((await confirm(order._id, '১২৩')).statusCode).toBe(400);
  });

  it(`allows ${CASH_CODE_MAX_TRIES} wrong codes per code, then only a new code (one a minute) works`, async () => {
    const order = await orderTea();
    const code = codeSentTo(UNKNOWN_PHONE);
    for (let i = 0; i < CASH_CODE_MAX_TRIES; i += 1) expect((await confirm(order._id, wrongCode(code))).statusCode).toBe(400);
    const spent = await confirm(order._id, code);
    expect(spent.statusCode).toBe(429);
    expect(failure(spent).code).toBe('cashCodeTriesUsed');

    const tooSoon = await call('POST', `/api/order/confirm-cash/${order._id}/resend`, shop.alice.headers);
    expect(tooSoon.statusCode).toBe(429);
    expect(failure(tooSoon).code).toBe('cashCodeResendWait');
    await t.db
      .update(orders)
      .set({ confirmCodeSentAt: new Date(Date.now() - 61_000) })
      .where(eq(orders.id, order._id));
    const resent = await call('POST', `/api/order/confirm-cash/${order._id}/resend`, shop.alice.headers);
    expect(resent.statusCode, resent.body).toBe(200);
    expect((await call('POST', `/api/order/confirm-cash/${order._id}/resend`, shop.bob.headers)).statusCode).toBe(403);
    expect((await confirm(order._id, codeSentTo(UNKNOWN_PHONE))).statusCode).toBe(200);
  });

  it('counts wrong codes per account across its orders: 20 an hour, then even a right code is refused', async () => {
    const placedOrders: { id: string; code: string }[] = [];
    for (let i = 0; i < 5; i += 1) {
      const phone = `0181200010${i}`;
      placedOrders.push({ id: (await orderTea(phone))._id, code: codeSentTo(phone) });
    }
    for (const { id, code } of placedOrders.slice(0, 4)) {
      for (let i = 0; i < CASH_CODE_MAX_TRIES; i += 1) expect((await confirm(id, wrongCode(code))).statusCode).toBe(400);
    }
    const last = placedOrders[4]!;
    const locked = await confirm(last.id, last.code);
    expect(locked.statusCode).toBe(429);
    expect(failure(locked).code).toBe('codesLocked');
    const [row] = await t.db.select({ confirmation: orders.cashConfirmation }).from(orders).where(eq(orders.id, last.id));
    expect(row!.confirmation).toBe('awaiting');
  });

  it(`refuses a number's next cash order while it holds 3 unconfirmed ones (409)`, async () => {
    const first = await orderTea();
    const firstCode = codeSentTo(UNKNOWN_PHONE);
    await orderTea();
    await orderTea();
    const refused = await postOrder(
      t,
      shop.alice.headers,
      orderPayload(shop.alice, { phone: UNKNOWN_PHONE, items: [{ productId: shop.tea.id, productName: 'Tea', quantity: 1, subTotal: 0 }] }),
    );
    expect(refused.statusCode).toBe(409);
    expect(failure(refused)).toMatchObject({ code: 'unconfirmedCashOrders', values: [3] });
    expect(failure(refused).message).toContain('already has 3 cash orders waiting for confirmation');
    expect((await stockOf(t, shop.tea.id)).remaining).toBe(97);
    // Another number is not held back, and a confirmed order frees a place.
    await orderTea('01812000002');
    expect((await confirm(first._id, firstCode)).statusCode).toBe(200);
    expect((await orderTea()).cashConfirmation).toBe('awaiting');
  });

  it('skips confirmation for a number that has a delivered order', async () => {
    const first = await orderTea();
    await call('POST', `/api/admin/orders/${first._id}/confirm-cash`, shop.admin.headers);
    for (const status of ['processing', 'shipped', 'delivered']) expect((await move(first._id, status)).statusCode).toBe(200);
    const next = await orderTea();
    expect(next.cashConfirmation).toBeNull();
    expect(t.outbox.messages().filter((m) => m.to === UNKNOWN_PHONE && /code \d{6}/.test(m.text))).toHaveLength(1);
    expect((await move(next._id, 'processing')).statusCode).toBe(200);
  });

  it('is cancelled once unconfirmed after 24 hours, its stock returned once though two sweeps run at once, and the customer told', async () => {
    const order = await orderTea(UNKNOWN_PHONE, 4);
    const confirmed = await orderTea('01812000003', 2);
    await call('POST', `/api/admin/orders/${confirmed._id}/confirm-cash`, shop.admin.headers);
    expect((await stockOf(t, shop.tea.id)).remaining).toBe(94);

    const early = await runOrderHousekeeping(t.paymentDeps(), { now: new Date(Date.now() + 23 * 3600_000) });
    expect(early.released).toBe(0);
    const later = new Date(Date.now() + 25 * 3600_000);
    const sweeps = await Promise.all([runOrderHousekeeping(t.paymentDeps(), { now: later }), runOrderHousekeeping(t.paymentDeps(), { now: later })]);
    expect(sweeps[0].released + sweeps[1].released).toBe(1);
    expect((await stockOf(t, shop.tea.id)).remaining).toBe(98);

    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'not-confirmed', cancelCode: null, cancelledAt: later, confirmCodeHash: null });
    const detail = body<AdminOrderDetail>(await call('GET', `/api/admin/orders/${order._id}`, shop.admin.headers)).data;
    expect(detail.cancellation).toEqual({ by: 'not-confirmed', reason: null, note: null, at: later.toISOString() });
    const [other] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, confirmed._id));
    expect(other!.status).toBe('pending');
    const told = await t.db.select().from(customerMessages).where(eq(customerMessages.orderId, order._id));
    expect(told.filter((m) => m.kind === 'cancelled-unconfirmed')).toHaveLength(1);
    expect((await confirm(order._id, codeSentTo(UNKNOWN_PHONE))).statusCode).toBe(409);
  });

  it('follows the time the shop set', async () => {
    await orderTea();
    const inTwoHours = new Date(Date.now() + 2 * 3600_000 + 60_000);
    expect((await runOrderHousekeeping(t.paymentDeps(), { now: inTwoHours, cashConfirmationMs: 2 * 3600_000 })).released).toBe(1);
  });
});

describe('with confirmation turned off', () => {
  it('a cash order from an unknown number goes to the queue at once', async () => {
    const off = await createTestApp({ CASH_CONFIRMATION: 'off' });
    try {
      const customer = await createUser(off.db, { name: 'Rina', email: 'rina@example.com' });
      const category = await insertCategory(off.db, 'Tea');
      const tea = await insertProduct(off.db, { categoryId: category.id, name: 'Tea', originalPrice: 100, remaining: 5 });
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/order/post-order',
        headers: await authAs(off.config, customer),
        payload: orderPayload(customer, { phone: UNKNOWN_PHONE, items: [{ productId: tea.id, productName: 'Tea', quantity: 1, subTotal: 0 }] }),
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(placed(res).order.cashConfirmation).toBeNull();
      expect(off.outbox.messages().filter((m) => m.to === UNKNOWN_PHONE)).toHaveLength(0);
    } finally {
      await off.close();
    }
  });
});
