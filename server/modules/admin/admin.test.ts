import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrderDetail, AdminOrderPage, AdminRefund, Dashboard } from '../../../contract/back-office-orders';
import { toLocaleDigits } from '../../../contract/locale';
import { orderNumber } from '../../../contract/order-number';
import { ORDER_TRANSITIONS, orderStatuses, type Order, type Refund } from '../../../contract/orders';
import type { Page } from '../../../contract/pages';
import { newId } from '../../db/ids';
import { orderEvents, orders, payments, products, refunds, sandboxTransactions } from '../../db/schema';
import { body, type Person, useShop } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { releaseUnpaidOrders } from '../orders/service';
import { orderPayload, placed, postOrder, stockOf, stockShop, type StockedShop } from '../orders/test-fixtures';
import { placeMobileBankingOrder, pressAndReturn } from '../payments/test-fixtures';
import { dhakaDay } from './dhaka-time';

const t = useShop({ people: true });
let shop: StockedShop;
beforeEach(async () => {
  shop = await stockShop(t);
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers = {}, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function placeCash(customer: Person, fields: { quantity?: number; name?: string; phone?: string } = {}): Promise<Order> {
  const payload = orderPayload(customer, { items: [{ productId: shop.saree.id, quantity: fields.quantity ?? 1 }] });
  const res = await postOrder(t, customer.headers, { ...payload, customerName: fields.name ?? payload.customerName, phone: fields.phone ?? payload.phone });
  expect(res.statusCode).toBe(201);
  return placed(res).order;
}

/** A mobile-banking order paid through the sandbox gateway. */
async function paidOrder(customer: Person, quantity = 1): Promise<Order> {
  const { order, forms } = await placeMobileBankingOrder(t, shop, customer, quantity);
  await pressAndReturn(t, forms.pay, 'success');
  return order;
}

async function refundRequested(customer: Person): Promise<{ order: Order; refund: Refund }> {
  const order = await paidOrder(customer);
  const res = await call('POST', '/api/refund/post', customer.headers, { orderId: order._id, refundMethod: 'bkash', refundNumber: '01711222333' });
  expect(res.statusCode).toBe(201);
  return { order, refund: body<Refund>(res).data };
}

const move = (orderId: string, status: string, headers: Headers = shop.admin.headers) =>
  call('PATCH', `/api/admin/orders/${orderId}/status`, headers, { status });

describe('who may call the admin endpoints', () => {
  it('answers anonymous callers 401, customers and sellers 403, and admins', async () => {
    const order = await placeCash(shop.alice);
    const { refund } = await refundRequested(shop.bob);
    const endpoints: [method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object][] = [
      ['GET', '/api/admin/dashboard'],
      ['GET', '/api/admin/orders'],
      ['GET', '/api/admin/orders/export'],
      ['GET', `/api/admin/orders/${order._id}`],
      ['GET', `/api/admin/orders/${order._id}/packing-slip`],
      ['PATCH', `/api/admin/orders/${order._id}/status`, { status: 'processing' }],
      ['GET', '/api/admin/refunds'],
      ['POST', `/api/admin/refunds/${refund._id}/reject`, { reason: 'The order was delivered' }],
      ['GET', '/api/admin/returns'],
      ['POST', `/api/admin/returns/${refund._id}/approve`, { pickup: 'courier' }],
      ['POST', `/api/admin/returns/${refund._id}/reject`, { reason: 'Used already' }],
      ['POST', `/api/admin/returns/${refund._id}/received`],
      ['POST', `/api/admin/returns/${refund._id}/refund`, { payout: 'manual', reference: 'TRX1' }],
      ['POST', `/api/admin/refunds/${refund._id}/approve`, {}],
    ];
    for (const [method, url, payload] of endpoints) {
      expect((await call(method, url, {}, payload)).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await call(method, url, shop.alice.headers, payload)).statusCode, `${method} ${url} customer`).toBe(403);
      expect((await call(method, url, t.seller.headers, payload)).statusCode, `${method} ${url} seller`).toBe(403);
    }
    // Nothing changed for their trying.
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row!.status).toBe('pending');
    expect((await t.db.select().from(refunds))[0]!.status).toBe('pending');

    // An admin passes the door: the returns named by a refund's id are not found.
    for (const [method, url, payload] of endpoints.slice(0, -1)) {
      expect((await call(method, url, shop.admin.headers, payload)).statusCode, `${method} ${url} admin`).toBe(url.includes('/returns/') ? 404 : 200);
    }
  });
});

describe('GET /api/admin/dashboard', () => {
  it('counts paid and cash-delivered orders by Dhaka day, never cancelled or unpaid ones, with status counts, low stock, best sellers and a 30-day chart', async () => {
    const delivered = await placeCash(shop.alice, { quantity: 2 });
    for (const status of ['processing', 'shipped', 'delivered']) expect((await move(delivered._id, status)).statusCode).toBe(200);
    await paidOrder(shop.bob);
    await placeCash(shop.alice); // pending cash: placed, not yet money
    await refundRequested(shop.bob); // paid, then cancelled by the refund request
    const old = await paidOrder(shop.alice);
    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 10 * 24 * 3_600_000) })
      .where(eq(orders.id, old._id));
    await t.db.update(products).set({ remaining: 0 }).where(eq(products.id, shop.tea.id));

    const res = await call('GET', '/api/admin/dashboard', shop.admin.headers);
    expect(res.statusCode).toBe(200);
    const data = body<Dashboard>(res).data;
    // Each saree is ৳1,350 + ৳60 delivery inside Dhaka: 2 sarees ৳2,760, 1 saree ৳1,410.
    expect(data.today).toEqual({ orders: 2, revenue: 4170, placed: 3 });
    expect(data.last7Days).toEqual(data.today);
    expect(data.last30Days).toEqual({ orders: 3, revenue: 5580, placed: 4 });
    expect(data.ordersByStatus).toEqual({ pending: 3, processing: 0, shipped: 0, delivered: 1, cancelled: 1 });
    expect(data.refundsWaiting).toBe(1);
    expect(data.lowStock.map((p) => [p.name, p.remaining])).toEqual([
      ['Sylhet Tea 500 g', 0],
      ['Eid Cotton Panjabi', 3],
      ['জামদানি শাড়ি', 5],
    ]);
    expect(data.topProducts).toEqual([{ productId: shop.saree.id, name: 'জামদানি শাড়ি', quantity: 4, revenue: 5400 }]);
    expect(data.revenueByDay).toHaveLength(30);
    expect(data.revenueByDay.at(-1)).toEqual({ date: dhakaDay(new Date()), orders: 2, revenue: 4170 });
    expect(data.revenueByDay.reduce((sum, day) => sum + day.revenue, 0)).toBe(5580);
  });
});

describe('GET /api/admin/orders', () => {
  it('filters by status, payment and method, searches by id, name and phone, and pages on the server with the total', async () => {
    const first = await placeCash(shop.alice, { name: 'Rahim Uddin', phone: '01911000111' });
    const second = await placeCash(shop.alice, { name: 'Karim Ahmed', phone: '01711000222' });
    const online = await paidOrder(shop.bob);
    await move(first._id, 'processing');

    const list = async (query: string) => {
      const res = await call('GET', `/api/admin/orders${query}`, shop.admin.headers);
      expect(res.statusCode, query).toBe(200);
      return body<AdminOrderPage>(res).data;
    };
    const all = await list('');
    expect(all.total).toBe(3);
    expect(all.data.map((o) => o._id)).toEqual([online._id, second._id, first._id]);
    expect(all.data[2]).toMatchObject({ status: 'processing', itemCount: 1, nextStatuses: ['shipped', 'cancelled'] });

    expect((await list('?status=processing')).data.map((o) => o._id)).toEqual([first._id]);
    expect((await list('?paymentStatus=paid&paymentMethod=mobile-banking')).data.map((o) => o._id)).toEqual([online._id]);
    expect((await list('?search=rahim')).data.map((o) => o._id)).toEqual([first._id]);
    expect((await list('?search=%2B880%201711000222')).data.map((o) => o._id)).toEqual([second._id]);
    expect((await list(`?search=${second._id.slice(0, 12)}`)).data.map((o) => o._id)).toEqual([second._id]);
    // LIKE's wildcards are searched as themselves.
    expect((await list('?search=%25')).total).toBe(0);

    const today = dhakaDay(new Date());
    expect((await list(`?from=${today}&to=${today}`)).total).toBe(3);
    expect((await list('?from=2020-01-01&to=2020-01-31')).total).toBe(0);

    const page = await list('?limit=2&page=2');
    expect(page).toMatchObject({ count: 1, total: 3, page: 2, pages: 2 });
    expect(page.data.map((o) => o._id)).toEqual([first._id]);
  });

  it("finds an order by the number its customer reads out, with or without '#', in any case and digit set, and by its delivery phone", async () => {
    const wanted = await placeCash(shop.alice, { name: 'Rahim Uddin', phone: '01911000111' });
    const other = await placeCash(shop.bob, { name: 'Karim Ahmed', phone: '01711000222' });
    const number = orderNumber(wanted._id);
    expect(number).not.toBe(orderNumber(other._id));
    const found = async (search: string) => {
      const res = await call('GET', `/api/admin/orders?search=${encodeURIComponent(search)}`, shop.admin.headers);
      expect(res.statusCode, search).toBe(200);
      return body<AdminOrderPage>(res).data.data.map((o) => o._id);
    };
    for (const search of [number, `#${number}`, `# ${number.toUpperCase()}`, number.toUpperCase(), `#${toLocaleDigits(number, 'bn')}`]) {
      expect(await found(search), search).toEqual([wanted._id]);
    }
    for (const search of ['01911000111', '০১৯১১০০০১১১', '+8801911000111', '88 01911000111', '+৮৮০ ১৯১১-০০০১১১', '1911000111']) {
      expect(await found(search), search).toEqual([wanted._id]);
    }
    // '#' names a number only, and an unknown one finds nothing.
    expect(await found('#rahim')).toEqual([]);
    expect(await found(`#${number.slice(0, 5)}${number.endsWith('0') ? '1' : '0'}`)).toEqual([]);
  });

  it("answers a number search from the index of the id's end", async () => {
    await placeCash(shop.alice);
    await t.db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = await t.db.execute(sql`explain select id from orders where right(orders.id, 6) = 'abc123'`);
      expect(JSON.stringify(plan)).toContain('orders_number_idx');
    } finally {
      await t.db.execute(sql`reset enable_seqscan`);
    }
  });

  it('lists its filters in the OpenAPI document', async () => {
    const doc = (await call('GET', '/api/openapi.json')).json<{ paths: Record<string, { get: { parameters: { name: string; in: string }[] } }> }>();
    for (const path of ['/api/admin/orders', '/api/admin/orders/export']) {
      expect(
        doc.paths[path]!.get.parameters.filter((p) => p.in === 'query')
          .map((p) => p.name)
          .sort(),
        path,
      ).toEqual(['from', 'limit', 'page', 'paymentMethod', 'paymentStatus', 'search', 'status', 'to']);
    }
  });

  it('answers 400, never 500, to hostile filters and page sizes', async () => {
    for (const query of [
      'limit=1000',
      'limit=0',
      'page=0',
      'page=1.5',
      'status=lost',
      'from=2026-02-30',
      'from=yesterday',
      'from=2026-03-02&to=2026-03-01',
      `search=${'x'.repeat(101)}`,
      'search=a%00b',
    ]) {
      const res = await call('GET', `/api/admin/orders?${query}`, shop.admin.headers);
      expect(res.statusCode, query).toBe(400);
      expect(body(res).message, query).not.toBe('');
    }
  });
});

describe('GET /api/admin/orders/export', () => {
  it('exports the filtered list as CSV with formula-like cells neutralised', async () => {
    await placeCash(shop.alice, { name: '=HYPERLINK("http://evil.example","Click")' });
    await placeCash(shop.alice, { name: '@SUM(A1)' });
    await paidOrder(shop.bob);

    const res = await call('GET', '/api/admin/orders/export?paymentMethod=cash', shop.admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^"Order number","Order ID","Placed \(Dhaka\)","Customer","Phone"/);
    expect(lines[1]).toContain(`"'@SUM(A1)"`);
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(lines[1]).toContain('"জামদানি শাড়ি × 1"');
    expect(lines[1]).toContain('"1410.00"');
  });
});

describe('GET /api/admin/orders/:orderId and PATCH …/status', () => {
  it('moves an order only along the allowed transitions, recording each change with its time and actor', async () => {
    const order = await placeCash(shop.alice);
    const skipped = await move(order._id, 'shipped');
    expect(skipped.statusCode).toBe(409);
    expect(body(skipped).message).toBe('An order that is pending cannot become shipped');
    expect((await move(order._id, 'pending')).statusCode).toBe(409);

    for (const status of ['processing', 'shipped', 'delivered'] as const) {
      const res = await move(order._id, status);
      expect(res.statusCode, status).toBe(200);
      expect(body<AdminOrderDetail>(res).data).toMatchObject({ order: { status }, nextStatuses: ORDER_TRANSITIONS[status] });
    }
    const after = await move(order._id, 'cancelled');
    expect(after.statusCode).toBe(409);
    expect(body(after).message).toBe('An order that is delivered cannot become cancelled');

    const res = await call('GET', `/api/admin/orders/${order._id}`, shop.admin.headers);
    expect(res.statusCode).toBe(200);
    const detail = body<AdminOrderDetail>(res).data;
    expect(detail.order).toMatchObject({ _id: order._id, status: 'delivered', paymentStatus: 'paid', phone: '01712345678' });
    expect(detail.payment).toBeNull();
    expect(detail.refund).toBeNull();
    expect(detail.nextStatuses).toEqual([]);
    expect(detail.history.map((e) => [e.kind, e.from, e.to, e.actor, e.actorName])).toEqual([
      ['status', null, 'pending', 'customer', 'Alice Rahman'],
      ['status', 'pending', 'processing', 'admin', 'Shop Admin'],
      ['status', 'processing', 'shipped', 'admin', 'Shop Admin'],
      ['status', 'shipped', 'delivered', 'admin', 'Shop Admin'],
      ['payment', 'unpaid', 'paid', 'admin', 'Shop Admin'],
    ]);
    expect(detail.history.every((e) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
  });

  it('cancels a paid order with its stock returned and the payment paid back through the gateway, all in its history', async () => {
    const order = await paidOrder(shop.alice, 2);
    expect(await stockOf(t, shop.saree.id)).toEqual({ remaining: 8, sales: 2 });
    expect((await move(order._id, 'processing')).statusCode).toBe(200);
    const res = await move(order._id, 'cancelled');
    expect(res.statusCode).toBe(200);
    const detail = body<AdminOrderDetail>(res).data;
    expect(detail.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', cancelReason: 'shop' });
    expect(detail.payment).toMatchObject({ provider: 'sandbox', status: 'valid', refundRefId: expect.any(String), refundedAt: expect.any(String) });
    expect(await stockOf(t, shop.saree.id)).toEqual({ remaining: 10, sales: 0 });
    const [session] = await t.db.select().from(sandboxTransactions);
    expect(session!.refundedAmount).toBe(2760);
    expect(detail.history.map((e) => [e.kind, e.from, e.to, e.actor])).toEqual([
      ['status', null, 'pending', 'customer'],
      ['payment', 'unpaid', 'paid', 'gateway'],
      ['status', 'pending', 'processing', 'admin'],
      ['status', 'processing', 'cancelled', 'admin'],
      ['payment', 'paid', 'refunded', 'system'],
    ]);
  });

  it("records a customer's own cancelling and the shop's release of an unpaid online order in the history", async () => {
    const cash = await placeCash(shop.alice);
    const cancelled = await call('PATCH', `/api/order/update-status/${cash._id}`, shop.alice.headers, { status: 'cancelled' });
    expect(cancelled.statusCode).toBe(200);
    const unpaid = await placeMobileBankingOrder(t, shop, shop.bob);
    expect(await releaseUnpaidOrders(t.paymentDeps(), new Date(Date.now() + 31 * 60_000))).toBe(1);

    const historyOf = async (id: string) =>
      body<AdminOrderDetail>(await call('GET', `/api/admin/orders/${id}`, shop.admin.headers)).data.history.map((e) => [
        e.from,
        e.to,
        e.actor,
        e.actorName,
        e.note,
      ]);
    expect(await historyOf(cash._id)).toEqual([
      [null, 'pending', 'customer', 'Alice Rahman', null],
      ['pending', 'cancelled', 'customer', 'Alice Rahman', null],
    ]);
    expect(await historyOf(unpaid.order._id)).toEqual([
      [null, 'pending', 'customer', 'Bob Karim', null],
      ['pending', 'cancelled', 'system', null, 'Not paid in time'],
    ]);
  });

  it('answers 404 for an unknown order, 400 for an unknown status', async () => {
    expect((await call('GET', `/api/admin/orders/${newId()}`, shop.admin.headers)).statusCode).toBe(404);
    expect((await move(newId(), 'processing')).statusCode).toBe(404);
    const order = await placeCash(shop.alice);
    expect((await move(order._id, 'lost')).statusCode).toBe(400);
    expect((await call('PATCH', `/api/admin/orders/${order._id}/status`, shop.admin.headers, {})).statusCode).toBe(400);
  });

  it('keeps the transition table whole: every status has its list, the final ones none', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...orderStatuses].sort());
    expect(ORDER_TRANSITIONS.delivered).toEqual([]);
    expect(ORDER_TRANSITIONS.cancelled).toEqual([]);
  });
});

describe('GET /api/admin/orders/:orderId/packing-slip', () => {
  it('answers the packing slip as a PDF, 404 for an unknown order', async () => {
    const order = await placeCash(shop.alice);
    const res = await call('GET', `/api/admin/orders/${order._id}/packing-slip`, shop.admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="packing-slip-${order._id}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect((await call('GET', `/api/admin/orders/${newId()}/packing-slip`, shop.admin.headers)).statusCode).toBe(404);
  }, 60_000);

  it("is written in the order's language, whatever the admin's: the customer reads it in the parcel", async () => {
    const slipOf = async (order: Order, headers: Headers) => pdfText((await call('GET', `/api/admin/orders/${order._id}/packing-slip`, headers)).rawPayload);
    const payload = orderPayload(shop.alice, { items: [{ productId: shop.saree.id, quantity: 2 }] });
    const res = await postOrder(t, shop.alice.headers, payload, { cookie: 'lang=bn' });
    expect(res.statusCode).toBe(201);
    const banglaOrder = placed(res).order;

    // Printed by an admin whose back office is in English.
    const bangla = await slipOf(banglaOrder, shop.admin.headers);
    // Words without a vowel sign drawn before its consonant (ে, ি): a PDF's text comes out in the order glyphs are drawn.
    for (const label of ['প্রাপক', 'আদায় করুন', 'প্যাক', 'পণ্য']) expect(bangla, label).toContain(label);
    expect(bangla.replace(/\s+/g, '')).toContain('৳২,৭৬০.০০');
    for (const label of ['PACKING SLIP', 'Deliver to', 'Collect', 'Qty', 'Dhanmondi', 'Dhaka']) expect(bangla, label).not.toContain(label);
    expect(bangla).toContain('ঢাকা');

    // An English order printed by an admin whose back office is in Bangla.
    const englishOrder = await placeCash(shop.bob);
    const english = await slipOf(englishOrder, { ...shop.admin.headers, cookie: 'lang=bn' });
    for (const label of ['PACKING SLIP', 'Deliver to', 'Collect', 'in cash', 'Qty', '1 line, 1 unit', 'Dhanmondi, Dhaka, Dhaka'])
      expect(english, label).toContain(label);
    // The order's number beside its full id, in ASCII in either language.
    const numberAndId = (order: Order) => `#${orderNumber(order._id)}(${order._id})`;
    expect(bangla.replace(/\s+/g, '')).toContain(numberAndId(banglaOrder));
    expect(english.replace(/\s+/g, '')).toContain(numberAndId(englishOrder));
    expect(english).not.toContain('প্রাপক');
  }, 60_000);
});

describe('refunds for the admin', () => {
  it('lists the waiting requests, approves one through the gateway once, and records it in the order history', async () => {
    const { order, refund } = await refundRequested(shop.alice);
    const waiting = body<Page<AdminRefund>>(await call('GET', '/api/admin/refunds', shop.admin.headers)).data;
    expect(waiting.total).toBe(1);
    expect(waiting.data[0]).toMatchObject({ _id: refund._id, customerName: 'Alice Rahman', gatewayRefundable: true, payout: null, refundStatus: 'pending' });

    const res = await call('POST', `/api/admin/refunds/${refund._id}/approve`, shop.admin.headers, {});
    expect(res.statusCode).toBe(200);
    expect(body<Refund>(res).data).toMatchObject({
      refundStatus: 'refunded',
      settledAt: expect.any(String),
      rejectReason: null,
      payout: 'gateway',
      manualReference: null,
    });
    const [session] = await t.db.select().from(sandboxTransactions);
    expect(session).toMatchObject({ refundReference: refund._id, refundedAmount: 1410 });
    const [row] = await t.db.select().from(refunds);
    expect(row).toMatchObject({ payout: 'gateway', settledBy: shop.admin.id, gatewayRefundId: session!.refundRefId });

    const again = await call('POST', `/api/admin/refunds/${refund._id}/approve`, shop.admin.headers, {});
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe('This refund has already been paid back');
    expect((await call('GET', '/api/admin/refunds', shop.admin.headers)).json().data.total).toBe(0);
    const settled = body<Page<AdminRefund>>(await call('GET', '/api/admin/refunds?status=refunded', shop.admin.headers)).data;
    expect(settled.data[0]).toMatchObject({ payout: 'gateway', settledBy: 'Shop Admin' });

    const detail = body<AdminOrderDetail>(await call('GET', `/api/admin/orders/${order._id}`, shop.admin.headers)).data;
    expect(detail.order.paymentStatus).toBe('refunded');
    expect(detail.refund).toMatchObject({ _id: refund._id, refundStatus: 'refunded' });
    expect(detail.history.map((e) => [e.kind, e.to, e.actor, e.note])).toEqual([
      ['status', 'pending', 'customer', null],
      ['payment', 'paid', 'gateway', null],
      ['status', 'cancelled', 'customer', 'Refund requested'],
      ['payment', 'refunded', 'admin', 'Refund approved: paid back through the gateway'],
    ]);
  });

  it('records a refund sent by hand to the refund number only with its transaction id', async () => {
    const { order, refund } = await refundRequested(shop.alice);
    const missing = await call('POST', `/api/admin/refunds/${refund._id}/approve`, shop.admin.headers, { payout: 'manual' });
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toBe('Enter the transaction id of the transfer you sent');

    const res = await call('POST', `/api/admin/refunds/${refund._id}/approve`, shop.admin.headers, { payout: 'manual', reference: '9A7B6C5D4E' });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(refunds);
    expect(row).toMatchObject({ status: 'refunded', payout: 'manual', manualReference: '9A7B6C5D4E', gatewayRefundId: null });
    // Nothing went through the gateway.
    const [session] = await t.db.select().from(sandboxTransactions);
    expect(session!.refundedAmount).toBeNull();
    const [event] = await t.db.select().from(orderEvents).where(eq(orderEvents.toValue, 'refunded'));
    expect(event).toMatchObject({ orderId: order._id, note: 'Refund approved: sent to bkash 01711222333 (9A7B6C5D4E)' });
    const mine = body<Refund[]>(await call('GET', '/api/refund', shop.alice.headers)).data;
    expect(mine).toEqual([
      expect.objectContaining({ refundStatus: 'refunded', payout: 'manual', manualReference: '9A7B6C5D4E', settledAt: expect.any(String) }),
    ]);
  });

  it('refuses a gateway payout for a payment the gateway never settled', async () => {
    const { refund } = await refundRequested(shop.alice);
    await t.db.update(payments).set({ bankTranId: null });
    const res = await call('POST', `/api/admin/refunds/${refund._id}/approve`, shop.admin.headers, { payout: 'gateway' });
    expect(res.statusCode).toBe(409);
    expect((await t.db.select().from(refunds))[0]!.status).toBe('pending');
  });

  it('rejects with a reason the customer then sees, and never after', async () => {
    const { refund } = await refundRequested(shop.alice);
    for (const reason of ['', '  ', 'x'.repeat(501)]) {
      expect((await call('POST', `/api/admin/refunds/${refund._id}/reject`, shop.admin.headers, { reason })).statusCode).toBe(400);
    }
    const res = await call('POST', `/api/admin/refunds/${refund._id}/reject`, shop.admin.headers, { reason: 'The parcel was already with the courier' });
    expect(res.statusCode).toBe(200);
    const mine = body<Refund[]>(await call('GET', '/api/refund', shop.alice.headers)).data;
    expect(mine).toEqual([
      expect.objectContaining({ refundStatus: 'rejected', rejectReason: 'The parcel was already with the courier', settledAt: expect.any(String) }),
    ]);
    const approve = await call('POST', `/api/admin/refunds/${refund._id}/approve`, shop.admin.headers, {});
    expect(approve.statusCode).toBe(409);
    expect(body(approve).message).toBe('This refund was rejected');
    expect((await call('POST', `/api/admin/refunds/${newId()}/reject`, shop.admin.headers, { reason: 'Not ours' })).statusCode).toBe(404);
  });

  it('needs a reason to reject through PATCH /api/refund/:id too', async () => {
    const { refund } = await refundRequested(shop.alice);
    const bare = await call('PATCH', `/api/refund/${refund._id}`, shop.admin.headers, { status: 'rejected' });
    expect(bare.statusCode).toBe(400);
    const res = await call('PATCH', `/api/refund/${refund._id}`, shop.admin.headers, { status: 'rejected', reason: 'Delivered already' });
    expect(body<Refund>(res).data).toMatchObject({ refundStatus: 'rejected', rejectReason: 'Delivered already' });
  });
});
