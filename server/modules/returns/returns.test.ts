import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '../../../contract/back-office-orders';
import type { Product } from '../../../contract/catalogue';
import { orderNumber } from '../../../contract/order-number';
import type { Order } from '../../../contract/orders';
import type { AdminReturn, CustomerReturn } from '../../../contract/returns';
import { orders, productVariants, returns, sandboxTransactions } from '../../db/schema';
import { body, type Person, useShop } from '../../test/harness';
import { orderPayload, placed, postOrder, stockOf, stockShop, type StockedShop } from '../orders/test-fixtures';
import { placeMobileBankingOrder, pressAndReturn } from '../payments/test-fixtures';
import { fileBlob, insertCategory, picture } from '../products/test-fixtures';
import { RETURN_REQUESTS_PER_ACCOUNT_PER_HOUR } from './service';

const t = useShop({ people: true });
let shop: StockedShop;
beforeEach(async () => {
  shop = await stockShop(t);
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, payload });
const move = (orderId: string, status: string) => call('PATCH', `/api/admin/orders/${orderId}/status`, shop.admin.headers, { status });
const askReturn = (customer: Person, payload: object) => call('POST', '/api/returns', customer.headers, payload);
const decide = (id: string, action: 'approve' | 'reject' | 'received' | 'refund', payload?: object) =>
  call('POST', `/api/admin/returns/${id}/${action}`, shop.admin.headers, payload);
const DAY_MS = 24 * 60 * 60 * 1000;

/** Walks an order through the shop's steps to delivered, as an admin does. */
async function deliver(order: Pick<Order, '_id'>): Promise<void> {
  for (const status of ['processing', 'shipped', 'delivered']) expect((await move(order._id, status)).statusCode).toBe(200);
}

/** Alice's cash order of two sarees and a tea with SAVE20, delivered. */
async function deliveredCashOrder(customer: Person = shop.alice): Promise<Order> {
  const res = await postOrder(
    t,
    customer.headers,
    orderPayload(customer, {
      cuopon: 'SAVE20',
      items: [
        { productId: shop.saree.id, quantity: 2 },
        { productId: shop.tea.id, quantity: 1 },
      ],
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const order = placed(res).order;
  await deliver(order);
  return order;
}

const bkash = { refundMethod: 'bkash', refundNumber: '01711222333' };

async function asked(customer: Person, payload: object): Promise<CustomerReturn> {
  const res = await askReturn(customer, payload);
  expect(res.statusCode, res.body).toBe(201);
  return body<CustomerReturn>(res).data;
}

describe('asking for a return', () => {
  it('takes the lines and units of a delivered order within the window, with the reason and the number to pay back to', async () => {
    const order = await deliveredCashOrder();
    expect(order.subTotal).toBe(2784.99);
    expect(order.discount).toBe(557);
    expect(order.totalPrice).toBe(2288);
    const res = await askReturn(shop.alice, { orderId: order._id, lines: [{ line: 0, quantity: 1 }], reason: 'wrong-size', ...bkash });
    expect(res.statusCode, res.body).toBe(201);
    // One saree of ৳1,350 less its share of the ৳557 coupon discount (1,350 / 2,784.99 of it: ৳270.00).
    expect(body<CustomerReturn>(res).data).toMatchObject({
      orderId: order._id,
      status: 'requested',
      reason: 'wrong-size',
      note: null,
      amount: 1080,
      refundMethod: 'bkash',
      refundNumber: '01711222333',
      lines: [{ line: 0, productName: 'জামদানি শাড়ি', quantity: 1 }],
    });
    const mine = body<CustomerReturn[]>(await call('GET', '/api/returns', shop.alice.headers)).data;
    expect(mine.map((r) => r.orderId)).toEqual([order._id]);
    expect(body<CustomerReturn[]>(await call('GET', '/api/returns', shop.bob.headers)).data).toEqual([]);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row!.status).toBe('delivered');
  });

  it("pays back the whole charge for everything returned for the shop's fault, and all but the delivery fee otherwise", async () => {
    const all = [
      { line: 0, quantity: 2 },
      { line: 1, quantity: 1 },
    ];
    const damaged = await deliveredCashOrder();
    expect((await asked(shop.alice, { orderId: damaged._id, lines: all, reason: 'damaged', ...bkash })).amount).toBe(2288);
    // SAVE20 is once per customer: Bob's order has the same lines and coupon.
    const changedMind = await deliveredCashOrder(shop.bob);
    expect((await asked(shop.bob, { orderId: changedMind._id, lines: all, reason: 'changed-mind', ...bkash })).amount).toBe(2228);
  });

  it("is refused outside the window, for an undelivered order, and for someone else's order", async () => {
    const order = await deliveredCashOrder();
    const payload = { orderId: order._id, lines: [{ line: 1, quantity: 1 }], reason: 'damaged', ...bkash };
    await t.db
      .update(orders)
      .set({ deliveredAt: new Date(Date.now() - 7 * DAY_MS - 60_000) })
      .where(eq(orders.id, order._id));
    const late = await askReturn(shop.alice, payload);
    expect(late.statusCode).toBe(409);
    expect(body(late).message).toBe("Items can be returned within 7 days of delivery: this order's time has passed.");
    await t.db
      .update(orders)
      .set({ deliveredAt: new Date(Date.now() - 7 * DAY_MS + 60_000) })
      .where(eq(orders.id, order._id));
    expect((await askReturn(shop.bob, payload)).statusCode).toBe(404);
    expect((await askReturn(shop.alice, { ...payload, orderId: '0123456789abcdef01234567' })).statusCode).toBe(404);
    expect((await askReturn(shop.alice, payload)).statusCode).toBe(201);

    const pending = placed(await postOrder(t, shop.alice.headers, orderPayload(shop.alice, { items: [{ productId: shop.tea.id, quantity: 1 }] }))).order;
    const notYet = await askReturn(shop.alice, { ...payload, orderId: pending._id, lines: [{ line: 0, quantity: 1 }] });
    expect(notYet.statusCode).toBe(409);
    expect(body(notYet).message).toBe('Only a delivered order can be returned.');
    expect(await t.db.select().from(returns)).toHaveLength(1);
  });

  it('refuses more units than bought, a line twice, an unknown line, a second return, and a cash order without a number', async () => {
    const order = await deliveredCashOrder();
    const base = { orderId: order._id, reason: 'other', note: 'Too big', ...bkash };
    const tooMany = await askReturn(shop.alice, { ...base, lines: [{ line: 0, quantity: 3 }] });
    expect(tooMany.statusCode).toBe(400);
    expect(body(tooMany).message).toBe('You bought 2 of জামদানি শাড়ি: you cannot return more.');
    const twice = await askReturn(shop.alice, {
      ...base,
      lines: [
        { line: 0, quantity: 1 },
        { line: 0, quantity: 1 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(body(twice).message).toBe('Each item can be chosen once');
    expect((await askReturn(shop.alice, { ...base, lines: [{ line: 2, quantity: 1 }] })).statusCode).toBe(400);
    expect((await askReturn(shop.alice, { ...base, note: '', lines: [{ line: 0, quantity: 1 }] })).statusCode).toBe(400);
    const noNumber = await askReturn(shop.alice, { orderId: order._id, reason: 'damaged', lines: [{ line: 0, quantity: 1 }] });
    expect(noNumber.statusCode).toBe(400);
    expect(body(noNumber).message).toBe('Give the bKash, Nagad or Rocket number to pay back to');
    expect((await askReturn(shop.alice, { ...base, lines: [{ line: 0, quantity: 2 }] })).statusCode).toBe(201);
    const again = await askReturn(shop.alice, { ...base, lines: [{ line: 1, quantity: 1 }] });
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe('A return was already asked for this order.');
  });

  it('records one of two requests sent at once', async () => {
    const order = await deliveredCashOrder();
    const payload = { orderId: order._id, reason: 'damaged', lines: [{ line: 0, quantity: 1 }], ...bkash };
    const answers = await Promise.all([askReturn(shop.alice, payload), askReturn(shop.alice, payload)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(returns)).toHaveLength(1);
  });

  it('counts requests per account, refused ones too', async () => {
    const order = await deliveredCashOrder();
    const payload = { orderId: order._id, reason: 'damaged', lines: [{ line: 5, quantity: 1 }], ...bkash };
    for (let i = 0; i < RETURN_REQUESTS_PER_ACCOUNT_PER_HOUR; i += 1) expect((await askReturn(shop.alice, payload)).statusCode).toBe(400);
    const limited = await askReturn(shop.alice, { ...payload, lines: [{ line: 0, quantity: 1 }] });
    expect(limited.statusCode).toBe(429);
    expect(body(limited).message).toBe('Too many return requests. Please try again in an hour.');
    // Another account is counted apart.
    expect((await askReturn(shop.bob, payload)).statusCode).toBe(404);
  });

  it('tells the browser the window', async () => {
    expect(body<{ returnWindowDays: number }>(await t.app.inject({ method: 'GET', url: '/api/config' })).data.returnWindowDays).toBe(7);
  });
});

describe('the shop decides', () => {
  it('approves or rejects once, the customer told each step in their language, and the history shows it', async () => {
    const order = await deliveredCashOrder();
    const ret = await asked(shop.alice, { orderId: order._id, reason: 'damaged', lines: [{ line: 1, quantity: 1 }], ...bkash });
    const queue = body<AdminReturn[]>(await call('GET', '/api/admin/returns', shop.admin.headers)).data;
    expect(queue).toMatchObject([{ _id: ret._id, orderId: order._id, customerName: shop.alice.name, paymentMethod: 'cash', gatewayRefundable: false }]);
    expect((await call('GET', '/api/admin/returns', shop.alice.headers)).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/returns/${ret._id}/approve`, shop.alice.headers, { pickup: 'courier' })).statusCode).toBe(403);

    const approved = await decide(ret._id, 'approve', { pickup: 'drop-off' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(body<AdminReturn>(approved).data).toMatchObject({ status: 'approved', pickup: 'drop-off', decidedAt: expect.any(String) });
    expect((await decide(ret._id, 'reject', { reason: 'Too late' })).statusCode).toBe(409);
    expect((await decide(ret._id, 'approve', { pickup: 'courier' })).statusCode).toBe(409);

    await t.app.orderMessages.idle();
    const told = t.outbox.messages().filter((m) => m.to === shop.alice.email && m.text.includes(`#${orderNumber(order._id)}`));
    expect(told.map((m) => m.subject)).toEqual(
      expect.arrayContaining([`Your return of haat order #${orderNumber(order._id)}`, `Your return of haat order #${orderNumber(order._id)} is approved`]),
    );
    expect(told.at(-1)!.text).toContain('please bring the items to our shop.');

    const detail = body<AdminOrderDetail>(await call('GET', `/api/admin/orders/${order._id}`, shop.admin.headers)).data;
    expect(detail.history.filter((e) => e.kind === 'return').map((e) => [e.from, e.to, e.actor])).toEqual([
      [null, 'requested', 'customer'],
      ['requested', 'approved', 'admin'],
    ]);
  });

  it('rejects with a reason the customer sees, told in Bangla when they shopped in Bangla', async () => {
    const order = await deliveredCashOrder();
    await t.db.update(orders).set({ locale: 'bn' }).where(eq(orders.id, order._id));
    const ret = await asked(shop.alice, { orderId: order._id, reason: 'changed-mind', lines: [{ line: 1, quantity: 1 }], ...bkash });
    expect((await decide(ret._id, 'reject', { reason: 'x' })).statusCode).toBe(400);
    const rejected = await decide(ret._id, 'reject', { reason: 'Opened food cannot be returned' });
    expect(rejected.statusCode).toBe(200);
    const [mine] = body<CustomerReturn[]>(await call('GET', '/api/returns', shop.alice.headers)).data;
    expect(mine).toMatchObject({ status: 'rejected', rejectReason: 'Opened food cannot be returned' });
    expect((await decide(ret._id, 'received')).statusCode).toBe(409);
    await t.app.orderMessages.idle();
    expect(t.outbox.last(shop.alice.email!).text).toContain(`অর্ডার #${orderNumber(order._id)} ফেরতের অনুরোধ অনুমোদন করা যায়নি`);
  });
});

describe('the parcel comes back', () => {
  it('returns the units to stock once when the admin marks it received', async () => {
    const order = await deliveredCashOrder();
    const before = await stockOf(t, shop.saree.id);
    const ret = await asked(shop.alice, { orderId: order._id, reason: 'damaged', lines: [{ line: 0, quantity: 2 }], ...bkash });
    expect((await decide(ret._id, 'received')).statusCode).toBe(409);
    await decide(ret._id, 'approve', { pickup: 'drop-off' });
    const twice = await Promise.all([decide(ret._id, 'received'), decide(ret._id, 'received')]);
    expect(twice.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(t, shop.saree.id)).toEqual({ remaining: before.remaining + 2, sales: before.sales - 2 });
    await t.app.orderMessages.idle();
    expect(t.outbox.last(shop.alice.email!).text).toContain('We got the items returned from order');
  });

  it("is received by the courier's return of a delivered parcel, once however often the courier says it", async () => {
    const res = await postOrder(t, shop.alice.headers, orderPayload(shop.alice, { items: [{ productId: shop.tea.id, quantity: 3 }] }));
    const order = placed(res).order;
    expect((await move(order._id, 'processing')).statusCode).toBe(200);
    const booked = await call('POST', `/api/admin/orders/${order._id}/courier`, shop.admin.headers);
    expect(booked.statusCode, booked.body).toBe(200);
    const code = body<AdminOrderDetail>(booked).data.order.tracking!.code;
    expect((await call('POST', `/api/courier/sandbox/deliver/${code}`, shop.admin.headers)).statusCode).toBe(200);
    // No return waits: the courier cannot bring a delivered parcel back.
    expect((await call('POST', `/api/courier/sandbox/return/${code}`, shop.admin.headers)).statusCode).toBe(409);
    const ret = await asked(shop.alice, { orderId: order._id, reason: 'wrong-item', lines: [{ line: 0, quantity: 2 }], ...bkash });
    await decide(ret._id, 'approve', { pickup: 'courier' });
    const before = await stockOf(t, shop.tea.id);
    const back = await call('POST', `/api/courier/sandbox/return/${code}`, shop.admin.headers);
    expect(back.statusCode, back.body).toBe(200);
    expect(await stockOf(t, shop.tea.id)).toEqual({ remaining: before.remaining + 2, sales: before.sales - 2 });
    expect((await call('POST', `/api/courier/sandbox/return/${code}`, shop.admin.headers)).statusCode).toBe(409);
    const [row] = await t.db.select().from(returns).where(eq(returns.id, ret._id));
    expect(row).toMatchObject({ status: 'received', receivedBy: null });
    const [orderRow] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(orderRow!.status).toBe('delivered');
    expect(await stockOf(t, shop.tea.id)).toEqual({ remaining: before.remaining + 2, sales: before.sales - 2 });
  });

  it('puts each unit back to the variant bought', async () => {
    const form = new FormData();
    const fields = {
      name: 'Najirshail Rice',
      originalPrice: '999',
      remainingProducts: '999',
      quantity: '1 pack',
      category: (await insertCategory(t.db, 'Groceries')).id,
      variants: JSON.stringify([
        { sku: 'RICE-2KG', size: '2 kg', originalPrice: 390, discount: 0, remainingProducts: 15 },
        { sku: 'RICE-1KG', size: '1 kg', originalPrice: 200, discount: 0, remainingProducts: 12 },
      ]),
    };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('productImages', fileBlob(await picture(400, 300, 'jpeg'), 'image/jpeg'), 'rice.jpg');
    const created = await t.app.inject({ method: 'POST', url: '/api/products', payload: form, headers: shop.admin.headers });
    expect(created.statusCode, created.body).toBe(201);
    const rice = body<Product>(created).data;
    const oneKg = rice.variants.find((v) => v.size === '1 kg')!._id;
    const res = await postOrder(t, shop.alice.headers, orderPayload(shop.alice, { items: [{ productId: rice._id, variantId: oneKg, quantity: 3 }] }));
    expect(res.statusCode, res.body).toBe(201);
    const order = placed(res).order;
    await deliver(order);
    const ret = await asked(shop.alice, { orderId: order._id, reason: 'damaged', lines: [{ line: 0, quantity: 2 }], ...bkash });
    await decide(ret._id, 'approve', { pickup: 'drop-off' });
    expect((await decide(ret._id, 'received')).statusCode).toBe(200);
    const variants = await t.db.select().from(productVariants).where(eq(productVariants.productId, rice._id));
    expect(Object.fromEntries(variants.map((v) => [v.size, v.remaining]))).toEqual({ '2 kg': 15, '1 kg': 11 });
  });
});

describe('paying a return back', () => {
  it('records a payout sent by hand once, under two clicks at once, and only after the parcel is back', async () => {
    const order = await deliveredCashOrder();
    const ret = await asked(shop.alice, { orderId: order._id, reason: 'wrong-size', lines: [{ line: 0, quantity: 1 }], ...bkash });
    await decide(ret._id, 'approve', { pickup: 'drop-off' });
    const early = await decide(ret._id, 'refund', { payout: 'manual', reference: 'TRX1' });
    expect(early.statusCode).toBe(409);
    expect(body(early).message).toBe('The money is paid back once the parcel is back: mark it received first.');
    await decide(ret._id, 'received');
    expect((await decide(ret._id, 'refund', { payout: 'manual' })).statusCode).toBe(400);
    expect((await decide(ret._id, 'refund', { payout: 'gateway' })).statusCode).toBe(409);
    const clicks = await Promise.all([
      decide(ret._id, 'refund', { payout: 'manual', reference: 'BKX1' }),
      decide(ret._id, 'refund', { payout: 'manual', reference: 'BKX2' }),
    ]);
    expect(clicks.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const [row] = await t.db.select().from(returns).where(eq(returns.id, ret._id));
    expect(row).toMatchObject({ status: 'refunded', payout: 'manual', amount: 1080 });
    expect(['BKX1', 'BKX2']).toContain(row!.manualReference);
    // A part of the order paid back: the order stays paid.
    const [orderRow] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(orderRow!.paymentStatus).toBe('paid');
    await t.app.orderMessages.idle();
    expect(t.outbox.last(shop.alice.email!).text).toContain(`We paid back Tk 1,080 for your return of order #${orderNumber(order._id)}`);
    const [mine] = body<CustomerReturn[]>(await call('GET', '/api/returns', shop.alice.headers)).data;
    expect(mine).toMatchObject({ status: 'refunded', payout: 'manual', manualReference: row!.manualReference, refundedAt: expect.any(String) });
  });

  it('pays an order paid online back through the gateway once, however many clicks, and marks a whole refund', async () => {
    const { order, forms } = await placeMobileBankingOrder(t, shop, shop.alice, 2);
    await pressAndReturn(t, forms.pay, 'success');
    await deliver(order);
    const ret = await asked(shop.alice, {
      orderId: order._id,
      reason: 'damaged',
      lines: [{ line: 0, quantity: 2 }],
      refundMethod: 'nagad',
      refundNumber: '01911222333',
    });
    expect(ret.amount).toBe(order.totalPrice);
    await decide(ret._id, 'approve', { pickup: 'courier' });
    await decide(ret._id, 'received');
    const clicks = await Promise.all([decide(ret._id, 'refund', {}), decide(ret._id, 'refund', {})]);
    expect(clicks.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const [gateway] = await t.db.select().from(sandboxTransactions);
    expect(gateway!.refundedAmount).toBe(order.totalPrice);
    expect(gateway!.refundReference).toBe(ret._id);
    const [orderRow] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(orderRow!.paymentStatus).toBe('refunded');
    const [row] = await t.db.select().from(returns).where(eq(returns.id, ret._id));
    expect(row).toMatchObject({ status: 'refunded', payout: 'gateway', gatewayRefundId: expect.any(String) });
  });

  it('counts returns waiting in the CSV export', async () => {
    const order = await deliveredCashOrder();
    await asked(shop.alice, { orderId: order._id, reason: 'damaged', lines: [{ line: 1, quantity: 1 }], ...bkash });
    const csv = (await call('GET', '/api/admin/orders/export', shop.admin.headers)).body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(csv[0]).toMatch(/"Return","Return refund"$/);
    expect(csv[1]).toMatch(/"requested","\d+\.\d\d"$/);
  });
});
