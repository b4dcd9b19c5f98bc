import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { UNPAID_ORDER_MINUTES } from '../../../contract/orders';
import { loadConfig } from '../../config';
import { orderEvents, orders, payments, sandboxTransactions } from '../../db/schema';
import { body, useShop } from '../../test/harness';
import { runOrderHousekeeping } from '../orders/housekeeping';
import { orderPayload, placed, postOrder, stockShop, stockOf, type StockedShop } from '../orders/test-fixtures';
import { gatewaySettings } from './gateway';
import type { Fields } from './protocol';
import { pathOf, placeMobileBankingOrder, postForm, pressAndReturn, readSandboxForms } from './test-fixtures';

const t = useShop({ people: true });
let shop: StockedShop;
beforeEach(async () => {
  shop = await stockShop(t);
});

/** What the server's own payment work uses, for running its housekeeping by hand. */
const paymentDeps = () => t.paymentDeps();

async function orderRow(id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}
/** An order's latest try at paying. */
async function paymentOf(orderId: string) {
  const [row] = await t.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt), desc(payments.id)).limit(1);
  return row!;
}
async function paymentByTranId(tranId: string) {
  const [row] = await t.db.select().from(payments).where(eq(payments.tranId, tranId));
  return row!;
}
/** What the sandbox paid back for a tran_id, over all its sessions. */
async function refundedAtGateway(tranId: string) {
  const rows = await t.db
    .select({ amount: sandboxTransactions.refundedAmount })
    .from(sandboxTransactions)
    .where(and(eq(sandboxTransactions.tranId, tranId), isNotNull(sandboxTransactions.refundRefId)));
  return rows.map((row) => row.amount);
}

/**
 * A second sandbox session for an order's tran_id, opened straight through the gateway's init endpoint with no IPN
 * URL: paying there changes nothing on our side until a callback reaches us, so each callback can be judged alone.
 */
async function sessionWithoutIpn(tranId: string, totalAmount: string) {
  const { storeId, storePassword } = gatewaySettings(t.config);
  const base = t.config.publicUrl;
  const res = await postForm(t, '/sandbox/gwprocess/v4/api.php', {
    store_id: storeId,
    store_passwd: storePassword,
    total_amount: totalAmount,
    currency: 'BDT',
    tran_id: tranId,
    success_url: `${base}/api/payment/success`,
    fail_url: `${base}/api/payment/fail`,
    cancel_url: `${base}/api/payment/cancel`,
    cus_name: 'Alice Rahman',
    product_name: 'Saree',
  });
  const answer = res.json<Fields>();
  expect(answer.status).toBe('SUCCESS');
  const page = await t.app.inject({ method: 'GET', url: pathOf(t, answer.GatewayPageURL!) });
  return readSandboxForms(page.body);
}

/** Pays on the sandbox page without following the redirect: answers the fields the browser would carry back. */
async function payOnly(form: { action: string; fields: Fields }) {
  const res = await postForm(t, form.action, form.fields);
  expect(res.statusCode).toBe(307);
  return form.fields;
}

describe('mobile banking through the sandbox gateway', () => {
  it('opens a payment page showing amount and merchant, with no script', async () => {
    const { order, page, forms } = await placeMobileBankingOrder(t, shop, shop.alice);
    expect(order).toMatchObject({ paymentMethod: 'mobile-banking', paymentStatus: 'unpaid', totalPrice: 1410 });
    expect(order.transaction_id).toMatch(/^[0-9a-f]{24}$/);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.body).toContain('৳1,410.00');
    expect(page.body).toContain('haat');
    // Nobody may mistake it for a real payment.
    expect(page.body).toContain('<title>Test payment: pay ৳1,410.00 to haat</title>');
    expect(page.body).toContain('Test payment — no real money moves. This is the shop’s sandbox gateway, not a bank or mobile wallet.');
    expect(page.body).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)/);
    expect(forms.pay.fields).toMatchObject({ status: 'VALID', tran_id: order.transaction_id, amount: '1410.00', currency: 'BDT' });
    expect(forms.fail.fields.status).toBe('FAILED');
    expect(forms.cancel.fields.status).toBe('CANCELLED');
  });

  it('marks the order paid once the shopper pays: callback and IPN checked by signature and validation', async () => {
    const { order, forms } = await placeMobileBankingOrder(t, shop, shop.alice);
    expect((await orderRow(order._id)).paymentStatus).toBe('unpaid');

    // Pressing Pay: the sandbox's IPN reaches us server to server and settles the payment before the browser is back.
    const pressed = await postForm(t, forms.pay.action, forms.pay.fields);
    expect(pressed.statusCode).toBe(307);
    expect(pressed.headers.location).toBe(`${t.config.publicUrl}/api/payment/success`);
    expect((await orderRow(order._id)).paymentStatus).toBe('paid');

    const callback = await postForm(t, '/api/payment/success', forms.pay.fields);
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe(`/payment/success/${order.transaction_id}`);
    expect((await orderRow(order._id)).paymentStatus).toBe('paid');
    const payment = await paymentOf(order._id);
    expect(payment).toMatchObject({ status: 'valid', valId: forms.pay.fields.val_id, bankTranId: forms.pay.fields.bank_tran_id, provider: 'sandbox' });

    // The customer's order list shows it paid.
    const list = await t.app.inject({ method: 'GET', url: `/api/order/get-order-by-customerId/${shop.alice.id}`, headers: shop.alice.headers });
    expect(body<{ paymentStatus: string }[]>(list).data[0]!.paymentStatus).toBe('paid');
  });

  it('settles a payment once: later callbacks, failed ones included, change nothing', async () => {
    const { order, forms } = await placeMobileBankingOrder(t, shop, shop.alice);
    await pressAndReturn(t, forms.pay, 'success');
    const settled = await paymentOf(order._id);

    const again = await postForm(t, '/api/payment/success', forms.pay.fields);
    expect(again.headers.location).toBe(`/payment/success/${order.transaction_id}`);
    const failedLater = await postForm(t, '/api/payment/fail', forms.fail.fields);
    expect(failedLater.headers.location).toBe(`/payment/success/${order.transaction_id}`);
    const ipn = await postForm(t, '/api/payment/ipn', forms.cancel.fields);
    expect(ipn.statusCode).toBe(200);

    expect(await paymentOf(order._id)).toEqual(settled);
    expect((await orderRow(order._id)).paymentStatus).toBe('paid');
  });

  it('does not take a correctly signed success before the gateway confirms it', async () => {
    const { order, forms } = await placeMobileBankingOrder(t, shop, shop.alice);
    // The page's Pay fields are signed, but the shopper never pressed Pay: the validation API says no.
    const early = await postForm(t, '/api/payment/success', forms.pay.fields);
    expect(early.statusCode).toBe(303);
    expect(early.headers.location).toBe(`/payment/failed/${order.transaction_id}`);
    expect((await orderRow(order._id)).paymentStatus).toBe('unpaid');
    expect((await paymentOf(order._id)).status).toBe('initiated');
  });

  it('changes nothing on a callback or IPN with a bad verify_sign, or with fields changed after signing', async () => {
    const { order } = await placeMobileBankingOrder(t, shop, shop.alice);
    const fields = await payOnly((await sessionWithoutIpn(order.transaction_id!, '1410.00')).pay);
    const badSign = { ...fields, verify_sign: fields.verify_sign!.replace(/^./, (c) => (c === '0' ? '1' : '0')) };
    const changedAmount = { ...fields, amount: '1.00' };
    const narrowKey = { ...fields, verify_key: 'status,tran_id' };

    for (const tampered of [badSign, changedAmount, narrowKey]) {
      const callback = await postForm(t, '/api/payment/success', tampered);
      expect(callback.headers.location).toBe(`/payment/failed/${order.transaction_id}`);
      const ipn = await postForm(t, '/api/payment/ipn', tampered);
      expect(ipn.statusCode).toBe(400);
    }
    expect((await orderRow(order._id)).paymentStatus).toBe('unpaid');
    expect((await paymentOf(order._id)).status).toBe('initiated');

    // The genuine fields of the same payment are taken: the refusals above were for the tampering alone.
    const genuine = await postForm(t, '/api/payment/success', fields);
    expect(genuine.headers.location).toBe(`/payment/success/${order.transaction_id}`);
    expect((await orderRow(order._id)).paymentStatus).toBe('paid');
  });

  it('refuses a validated payment whose amount is not the order total', async () => {
    const { order } = await placeMobileBankingOrder(t, shop, shop.alice);
    const fields = await payOnly((await sessionWithoutIpn(order.transaction_id!, '1.00')).pay);
    const callback = await postForm(t, '/api/payment/success', fields);
    expect(callback.headers.location).toBe(`/payment/failed/${order.transaction_id}`);
    expect((await orderRow(order._id)).paymentStatus).toBe('unpaid');
  });

  it('records Fail and Cancel and sends the shopper to the failure page; the order stays unpaid', async () => {
    const first = await placeMobileBankingOrder(t, shop, shop.alice);
    const failed = await pressAndReturn(t, first.forms.fail, 'fail');
    expect(failed.statusCode).toBe(303);
    expect(failed.headers.location).toBe(`/payment/failed/${first.order.transaction_id}`);
    expect((await paymentOf(first.order._id)).status).toBe('failed');
    expect((await orderRow(first.order._id)).paymentStatus).toBe('unpaid');
    // The finished session's page no longer offers buttons.
    const revisit = await t.app.inject({ method: 'GET', url: pathOf(t, first.url) });
    expect(revisit.statusCode).toBe(409);
    expect(revisit.body).toContain('already failed');

    const second = await placeMobileBankingOrder(t, shop, shop.bob);
    const cancelled = await pressAndReturn(t, second.forms.cancel, 'cancel');
    expect(cancelled.headers.location).toBe(`/payment/failed/${second.order.transaction_id}`);
    expect((await paymentOf(second.order._id)).status).toBe('cancelled');
    expect((await orderRow(second.order._id)).paymentStatus).toBe('unpaid');
  });

  it('Pay now after a failed payment opens a new gateway session for the same order, and paying it marks the order paid', async () => {
    const first = await placeMobileBankingOrder(t, shop, shop.alice);
    await pressAndReturn(t, first.forms.fail, 'fail');
    const retry = (tranId: string, headers = shop.alice.headers) => t.app.inject({ method: 'POST', url: `/api/payment/retry/${tranId}`, headers });

    // Only the order's own shopper may pay it again.
    expect((await retry(first.order.transaction_id!, shop.bob.headers)).statusCode).toBe(404);
    const again = await retry(first.order.transaction_id!);
    expect(again.statusCode).toBe(200);
    const { url } = body<{ url: string }>(again).data;
    expect(url).not.toBe(first.url);
    const order = await orderRow(first.order._id);
    expect(order.transactionId).not.toBe(first.order.transaction_id);
    expect((await paymentOf(first.order._id)).status).toBe('initiated');

    const page = await t.app.inject({ method: 'GET', url: pathOf(t, url) });
    const paid = await pressAndReturn(t, readSandboxForms(page.body).pay, 'success');
    expect(paid.headers.location).toBe(`/payment/success/${order.transactionId}`);
    expect((await orderRow(first.order._id)).paymentStatus).toBe('paid');
    expect((await retry(order.transactionId!)).statusCode).toBe(409);
  });

  describe('every try of an order stays its own', () => {
    const retry = (tranId: string) => t.app.inject({ method: 'POST', url: `/api/payment/retry/${tranId}`, headers: shop.alice.headers });
    /** An order whose first try failed, and the second try Pay now opened: answers both tran_ids and the second page. */
    async function secondTry() {
      const first = await placeMobileBankingOrder(t, shop, shop.alice);
      await pressAndReturn(t, first.forms.fail, 'fail');
      const again = await retry(first.order.transaction_id!);
      expect(again.statusCode).toBe(200);
      const { url } = body<{ url: string }>(again).data;
      const page = await t.app.inject({ method: 'GET', url: pathOf(t, url) });
      const secondTranId = (await orderRow(first.order._id)).transactionId!;
      return { order: first.order, firstTranId: first.order.transaction_id!, secondTranId, url, forms: readSandboxForms(page.body) };
    }

    it('answers Pay now pressed twice, from either try’s page, with the same page', async () => {
      const { firstTranId, secondTranId, url } = await secondTry();
      for (const tranId of [firstTranId, secondTranId, firstTranId]) {
        const res = await retry(tranId);
        expect(res.statusCode).toBe(200);
        expect(body<{ url: string }>(res).data.url).toBe(url);
      }
      expect(await t.db.select({ id: payments.id }).from(payments)).toHaveLength(2);
    });

    it('is paid by a success on the first page after Pay now, and pays back a second success through the gateway', async () => {
      const { order, firstTranId, secondTranId, forms } = await secondTry();
      // The shopper still had the first gateway page open, and paid there.
      const firstPage = await sessionWithoutIpn(firstTranId, order.totalPrice.toFixed(2));
      const paidFirst = await postForm(t, '/api/payment/success', await payOnly(firstPage.pay));
      expect(paidFirst.headers.location).toBe(`/payment/success/${firstTranId}`);
      expect(await orderRow(order._id)).toMatchObject({ status: 'pending', paymentStatus: 'paid' });
      expect(await paymentByTranId(firstTranId)).toMatchObject({ status: 'valid', surplus: false, refundedAt: null });

      // Then on the second page too: that money goes back, once, and the order says so.
      const paidSecond = await pressAndReturn(t, forms.pay, 'success');
      expect(paidSecond.headers.location).toBe(`/payment/success/${secondTranId}`);
      expect(await orderRow(order._id)).toMatchObject({ status: 'pending', paymentStatus: 'paid' });
      const second = await paymentByTranId(secondTranId);
      expect(second).toMatchObject({ status: 'valid', surplus: true, refundRefId: expect.any(String) });
      expect(second.refundedAt).not.toBeNull();
      expect(await refundedAtGateway(secondTranId)).toEqual([order.totalPrice]);
      expect(await refundedAtGateway(firstTranId)).toEqual([]);
      expect((await postForm(t, '/api/payment/success', forms.pay.fields)).statusCode).toBe(303);
      expect(await refundedAtGateway(secondTranId)).toEqual([order.totalPrice]);
      const notes = (await t.db.select({ note: orderEvents.note }).from(orderEvents).where(eq(orderEvents.orderId, order._id))).map((row) => row.note);
      expect(notes).toContain(`The second payment (${secondTranId}) was paid back through the gateway`);
    });

    it('pays back a success on an earlier try that arrives after the order was cancelled', async () => {
      const { order, firstTranId } = await secondTry();
      expect(
        (await t.app.inject({ method: 'PATCH', url: `/api/order/update-status/${order._id}`, headers: shop.alice.headers, payload: { status: 'cancelled' } }))
          .statusCode,
      ).toBe(200);
      const firstPage = await sessionWithoutIpn(firstTranId, order.totalPrice.toFixed(2));
      await postForm(t, '/api/payment/success', await payOnly(firstPage.pay));
      expect(await orderRow(order._id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
      expect(await refundedAtGateway(firstTranId)).toEqual([order.totalPrice]);
    });

    it('asks the gateway again on the next round for a second payment it did not pay back', async () => {
      const { order, firstTranId, forms } = await secondTry();
      await postForm(t, '/api/payment/success', await payOnly((await sessionWithoutIpn(firstTranId, order.totalPrice.toFixed(2))).pay));
      await pressAndReturn(t, forms.pay, 'success');
      // As if the gateway had refused the refund.
      await t.db.update(payments).set({ refundedAt: null, refundRefId: null }).where(eq(payments.surplus, true));
      expect(await runOrderHousekeeping(paymentDeps())).toEqual({ released: 0, refunded: 1 });
      expect(await runOrderHousekeeping(paymentDeps())).toEqual({ released: 0, refunded: 0 });
      expect((await paymentOf(order._id)).refundedAt).not.toBeNull();
    });
  });

  it('placing the same online order again while it waits for payment opens its payment instead of a second order', async () => {
    const first = await placeMobileBankingOrder(t, shop, shop.alice);
    await pressAndReturn(t, first.forms.cancel, 'cancel');
    const again = await postOrder(
      t,
      shop.alice.headers,
      orderPayload(shop.alice, { paymentMethod: 'mobile-banking', paymentNumber: '01711999888', items: [{ productId: shop.saree.id, quantity: 1 }] }),
    );
    expect(again.statusCode).toBe(200);
    expect(placed(again).order._id).toBe(first.order._id);
    expect(placed(again).url).toMatch(/\/sandbox\/pay\//);
    expect(await t.db.select({ id: orders.id }).from(orders)).toHaveLength(1);
    expect(await stockOf(t, shop.saree.id)).toMatchObject({ remaining: 9 });

    // Other lines are another order.
    const other = await postOrder(
      t,
      shop.alice.headers,
      orderPayload(shop.alice, { paymentMethod: 'mobile-banking', paymentNumber: '01711999888', items: [{ productId: shop.saree.id, quantity: 2 }] }),
    );
    expect(other.statusCode).toBe(201);
  });

  it('takes card and other online payments (ssl) through the gateway like mobile banking', async () => {
    const res = await postOrder(t, shop.alice.headers, orderPayload(shop.alice, { paymentMethod: 'ssl', items: [{ productId: shop.saree.id, quantity: 1 }] }));
    expect(res.statusCode).toBe(201);
    const { order, url } = placed(res);
    expect(order).toMatchObject({ paymentMethod: 'ssl', paymentStatus: 'unpaid' });
    const page = await t.app.inject({ method: 'GET', url: pathOf(t, url!) });
    await pressAndReturn(t, readSandboxForms(page.body).pay, 'success');
    expect((await orderRow(order._id)).paymentStatus).toBe('paid');
  });

  it('refuses an altered form on the sandbox page and keeps the session open', async () => {
    const { order, forms } = await placeMobileBankingOrder(t, shop, shop.alice);
    const altered = await postForm(t, forms.pay.action, { ...forms.pay.fields, amount: '1.00' });
    expect(altered.statusCode).toBe(409);
    expect(altered.body).toContain('The payment form was altered.');
    const [session] = await t.db.select().from(sandboxTransactions).where(eq(sandboxTransactions.tranId, order.transaction_id!));
    expect(session!.status).toBe('open');
    expect((await orderRow(order._id)).paymentStatus).toBe('unpaid');
  });

  it('answers a retried mobile-banking order with the same payment page', async () => {
    const key = { 'idempotency-key': 'retry-0000-1111-2222' };
    const payload = {
      customerName: shop.alice.name,
      customerEmail: shop.alice.email,
      customerId: shop.alice.id,
      phone: '01712345678',
      cuopon: '',
      items: [{ productId: shop.saree.id, quantity: 1 }],
      paymentMethod: 'mobile-banking',
      paymentNumber: '01711999888',
      deliveryAddress: { division: 'Khulna', district: 'Jessore', city: 'Jessore Sadar', addressDetails: 'Rail Road 3' },
    };
    const first = await t.app.inject({ method: 'POST', url: '/api/order/post-order', headers: { ...shop.alice.headers, ...key }, payload });
    const retry = await t.app.inject({ method: 'POST', url: '/api/order/post-order', headers: { ...shop.alice.headers, ...key }, payload });
    expect([first.statusCode, retry.statusCode]).toEqual([201, 200]);
    expect(body<{ url: string }>(retry).data.url).toBe(body<{ url: string }>(first).data.url);
    expect(body(first).message).toBe('Order received, redirecting to payment...');
    expect(await t.db.select().from(sandboxTransactions)).toHaveLength(1);
    expect(await stockOf(t, shop.saree.id)).toEqual({ remaining: 9, sales: 1 });
  });
});

describe('with PAYMENT_PROVIDER=sslcommerz', () => {
  it('refuses to start without store credentials', () => {
    const config = loadConfig({ DATA_DIR: t.config.dataDir, JWT_SECRET: 'x'.repeat(32), PAYMENT_PROVIDER: 'sslcommerz' });
    expect(() => gatewaySettings({ ...config, jwtSecret: 'x'.repeat(32) })).toThrow(
      'PAYMENT_PROVIDER=sslcommerz needs SSLCZ_STORE_ID and SSLCZ_STORE_PASSWORD',
    );
  });
});

describe('a payment for an order that will not be delivered', () => {
  const cancel = (headers: Record<string, string>, orderId: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/order/update-status/${orderId}`, headers, payload: { status: 'cancelled' } });
  const sandboxRow = async (tranId: string) => (await t.db.select().from(sandboxTransactions).where(eq(sandboxTransactions.tranId, tranId)))[0]!;

  it('is paid back at once when the shopper pays on a page still open after cancelling (the IPN comes first)', async () => {
    const { order, forms } = await placeMobileBankingOrder(t, shop, shop.alice, 2);
    expect((await cancel(shop.alice.headers, order._id)).statusCode).toBe(200);
    expect(await stockOf(t, shop.saree.id)).toEqual({ remaining: 10, sales: 0 });

    const back = await pressAndReturn(t, forms.pay, 'success');
    expect(back.statusCode).toBe(303);
    expect(await orderRow(order._id)).toMatchObject({ status: 'cancelled', cancelReason: 'customer', paymentStatus: 'refunded' });
    const payment = await paymentOf(order._id);
    expect(payment).toMatchObject({ status: 'valid', refundRefId: expect.any(String), refundedAt: expect.any(Date) });
    // The gateway paid the whole amount back, once, and the stock stayed returned.
    const gateway = await sandboxRow(order.transaction_id!);
    expect(gateway).toMatchObject({ refundRefId: payment.refundRefId, refundedAmount: order.totalPrice });
    expect(await stockOf(t, shop.saree.id)).toEqual({ remaining: 10, sales: 0 });
  });

  it('is paid back when the success callback is the first to tell (no IPN), and a repeated callback pays back nothing more', async () => {
    const { order } = await placeMobileBankingOrder(t, shop, shop.alice);
    expect((await cancel(shop.alice.headers, order._id)).statusCode).toBe(200);
    const forms = await sessionWithoutIpn(order.transaction_id!, order.totalPrice.toFixed(2));
    const fields = await payOnly(forms.pay);
    expect((await orderRow(order._id)).paymentStatus).toBe('unpaid');

    expect((await postForm(t, '/api/payment/success', fields)).statusCode).toBe(303);
    expect(await orderRow(order._id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    const first = await paymentOf(order._id);
    expect((await postForm(t, '/api/payment/success', fields)).statusCode).toBe(303);
    expect(await paymentOf(order._id)).toMatchObject({ refundRefId: first.refundRefId, refundedAt: first.refundedAt });
  });

  it('is paid back through the gateway when an admin cancels a paid order', async () => {
    const { order, forms } = await placeMobileBankingOrder(t, shop, shop.alice, 2);
    await pressAndReturn(t, forms.pay, 'success');
    expect((await orderRow(order._id)).paymentStatus).toBe('paid');

    const res = await cancel(shop.admin.headers, order._id);
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ status: 'cancelled', cancelReason: 'shop', paymentStatus: 'refunded' });
    expect((await sandboxRow(order.transaction_id!)).refundedAmount).toBe(order.totalPrice);
    expect(await stockOf(t, shop.saree.id)).toEqual({ remaining: 10, sales: 0 });
  });
});

describe('online orders left unpaid', () => {
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  const age = (orderId: string, minutes: number) =>
    t.db
      .update(orders)
      .set({ createdAt: minutesAgo(minutes) })
      .where(eq(orders.id, orderId));

  it(`are cancelled after ${UNPAID_ORDER_MINUTES} minutes, giving their stock back to everyone, and say why`, async () => {
    const { order } = await placeMobileBankingOrder(t, shop, shop.alice, 10);
    expect(await stockOf(t, shop.saree.id)).toEqual({ remaining: 0, sales: 10 });
    const cash = placed(await postOrder(t, shop.bob.headers, orderPayload(shop.bob, { items: [{ productId: shop.tea.id, quantity: 1 }] }))).order;
    await age(cash._id, UNPAID_ORDER_MINUTES + 60);

    await age(order._id, UNPAID_ORDER_MINUTES - 1);
    expect(await runOrderHousekeeping(paymentDeps())).toEqual({ released: 0, refunded: 0 });
    expect((await orderRow(order._id)).status).toBe('pending');

    await age(order._id, UNPAID_ORDER_MINUTES + 1);
    expect(await runOrderHousekeeping(paymentDeps())).toEqual({ released: 1, refunded: 0 });
    expect(await orderRow(order._id)).toMatchObject({ status: 'cancelled', cancelReason: 'not-paid-in-time', paymentStatus: 'unpaid' });
    expect(await stockOf(t, shop.saree.id)).toEqual({ remaining: 10, sales: 0 });
    // Cash is paid at the door: a cash order waits for no payment.
    expect((await orderRow(cash._id)).status).toBe('pending');

    // The shopper sees it in their orders.
    const list = await t.app.inject({ method: 'GET', url: `/api/order/get-order-by-customerId/${shop.alice.id}`, headers: shop.alice.headers });
    expect(body<{ status: string; cancelReason: string }[]>(list).data[0]).toMatchObject({ status: 'cancelled', cancelReason: 'not-paid-in-time' });
  });

  it('are released once when two processes run the housekeeping at the same moment', async () => {
    const { order } = await placeMobileBankingOrder(t, shop, shop.alice, 4);
    await age(order._id, UNPAID_ORDER_MINUTES + 5);
    const runs = await Promise.all([runOrderHousekeeping(paymentDeps()), runOrderHousekeeping(paymentDeps())]);
    expect(runs.map((run) => run.released).sort()).toEqual([0, 1]);
    expect(await stockOf(t, shop.saree.id)).toEqual({ remaining: 10, sales: 0 });
  });

  it('pay back a payment that still arrives after they were released', async () => {
    const { order, forms } = await placeMobileBankingOrder(t, shop, shop.alice, 2);
    await age(order._id, UNPAID_ORDER_MINUTES + 5);
    await runOrderHousekeeping(paymentDeps());
    await pressAndReturn(t, forms.pay, 'success');
    expect(await orderRow(order._id)).toMatchObject({ status: 'cancelled', cancelReason: 'not-paid-in-time', paymentStatus: 'refunded' });
    expect(await stockOf(t, shop.saree.id)).toEqual({ remaining: 10, sales: 0 });
  });

  it('retry a refund the gateway refused, on the next round', async () => {
    const { order, forms } = await placeMobileBankingOrder(t, shop, shop.alice);
    await pressAndReturn(t, forms.pay, 'success');
    // As if the refund call had failed: the order is cancelled and still paid.
    await t.db.update(orders).set({ status: 'cancelled', cancelReason: 'shop' }).where(eq(orders.id, order._id));
    expect(await runOrderHousekeeping(paymentDeps())).toEqual({ released: 0, refunded: 1 });
    expect((await orderRow(order._id)).paymentStatus).toBe('refunded');
    expect(await runOrderHousekeeping(paymentDeps())).toEqual({ released: 0, refunded: 0 });
  });
});
