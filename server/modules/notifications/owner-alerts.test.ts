import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderNumber } from '../../../contract/order-number';
import type { Order } from '../../../contract/orders';
import { newId } from '../../db/ids';
import { customerMessages, morningSummaries, orders, products, pushSubscriptions, refunds, users } from '../../db/schema';
import { body, createTestApp, createUser, type SentMessage, type TestApp, useShop } from '../../test/harness';
import { orderPayload, placed, postOrder, stockShop, type StockedShop } from '../orders/test-fixtures';
import { placeMobileBankingOrder, pressAndReturn } from '../payments/test-fixtures';
import { sendMorningSummaryIfDue } from './owner-alerts';

const t = useShop({ people: true, env: { OWNER_ORDER_ALERTS: 'on' } });
let shop: StockedShop;
/** A second app on the same database, as another server process, for the tests that need one. */
let other: TestApp | null = null;
afterEach(async () => {
  await other?.close();
  other = null;
});
beforeEach(async () => {
  shop = await stockShop(t);
  // The seller owns the saree; a second seller the tea; the panjabi is the shop's own.
  await t.db.update(products).set({ ownerId: t.seller.id }).where(eq(products.id, shop.saree.id));
});

async function secondSeller() {
  const other = await createUser(t.db, { name: 'Sylhet Tea House', email: 'tea@example.com', role: 'seller' });
  await t.db.update(products).set({ ownerId: other.id }).where(eq(products.id, shop.tea.id));
  return other;
}

const mailsTo = (to: string) => t.outbox.messages().filter((m) => m.to === to && m.channel === 'email');
const about = (order: Pick<Order, '_id'>) => (m: SentMessage) => m.subject?.includes(`#${orderNumber(order._id)}`) ?? false;

async function placeCash(items: { productId: string; quantity: number }[]): Promise<Order> {
  const res = await postOrder(t, t.alice.headers, orderPayload(t.alice, { items }));
  expect(res.statusCode).toBe(201);
  return placed(res).order;
}

describe('a new order', () => {
  it('tells every admin of the whole order and each seller of their own lines only, in their language', async () => {
    const teaSeller = await secondSeller();
    const bystander = await createUser(t.db, { name: 'Idle Seller', email: 'idle@example.com', role: 'seller' });
    await t.db.update(users).set({ locale: 'bn' }).where(eq(users.id, teaSeller.id));
    const order = await placeCash([
      { productId: shop.saree.id, quantity: 2 },
      { productId: shop.tea.id, quantity: 3 },
    ]);
    const number = orderNumber(order._id);

    const [admin] = mailsTo('admin@example.com').filter(about(order));
    expect(mailsTo('admin@example.com')).toHaveLength(1);
    expect(admin!.subject).toBe(`New order #${number}: ৳${order.totalPrice.toLocaleString('en-IN')}`);
    expect(admin!.text).toContain(`New order #${number}: 5 items, ৳`);
    expect(admin!.text).toContain('cash on delivery');
    expect(admin!.text).toContain('জামদানি শাড়ি × 2');
    expect(admin!.text).toContain('Sylhet Tea 500 g × 3');
    expect(admin!.text).toContain('Customer: Alice Rahman');
    expect(admin!.text).toContain(`${t.config.publicUrl}/admin/orders/${order._id}?lang=en`);

    const [saree] = mailsTo('seller@example.com');
    expect(mailsTo('seller@example.com')).toHaveLength(1);
    expect(saree!.text).toContain(`New order #${number} with your products: 2 items, ৳2,700 (your lines), cash on delivery.`);
    expect(saree!.text).not.toContain('Sylhet Tea');
    expect(saree!.text).not.toContain('Alice');
    expect(saree!.text).not.toContain('01712345678');
    expect(saree!.text).toContain(`${t.config.publicUrl}/seller/orders?lang=en`);

    const [tea] = mailsTo('tea@example.com');
    expect(mailsTo('tea@example.com')).toHaveLength(1);
    expect(tea!.subject).toBe(`নতুন অর্ডার #${number}: ৳২৫৪.৯৭`);
    expect(tea!.text).toContain(`আপনার পণ্যসহ নতুন অর্ডার #${number}: ৩টি পণ্য`);
    expect(tea!.text).not.toContain('শাড়ি');

    expect(mailsTo(bystander.email!)).toEqual([]);
  });

  it('writes a push for an owner with a subscribed device, and tells each owner once however often the change is retried', async () => {
    await t.db.insert(pushSubscriptions).values({ id: newId(), userId: t.admin.id, endpoint: 'https://127.0.0.1:9/push/admin', p256dh: 'k', auth: 'a' });
    const order = await placeCash([{ productId: shop.saree.id, quantity: 1 }]);
    // The same change told again, as a retried transaction would.
    await t.db.transaction((tx) => t.app.orderMessages.queue(tx, order._id, 'placed'));
    const alerts = await t.db
      .select({ channel: customerMessages.channel, recipient: customerMessages.recipient, subject: customerMessages.subject, body: customerMessages.body })
      .from(customerMessages)
      .where(and(eq(customerMessages.orderId, order._id), eq(customerMessages.kind, 'owner-new-order')));
    expect(alerts.map((a) => `${a.channel}:${a.recipient}`).sort()).toEqual(
      ['email:admin@example.com', 'email:seller@example.com', `push:${t.admin.id}`].sort(),
    );
    const push = JSON.parse(alerts.find((a) => a.channel === 'push')!.body) as Record<string, string>;
    expect(push).toEqual({
      title: `New order #${orderNumber(order._id)}`,
      body: `1 item, ৳${order.totalPrice.toLocaleString('en-IN')}, cash on delivery.`,
      url: `/admin/orders/${order._id}`,
      tag: `owner-order-${order._id}`,
    });
  });

  it('tells no owner who turned order alerts off', async () => {
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/user/update-profile',
      headers: t.admin.headers,
      payload: { id: t.admin.id, ownerAlerts: false },
    });
    expect(off.statusCode).toBe(200);
    expect(body<{ ownerAlerts: boolean }>(off).data.ownerAlerts).toBe(false);
    const order = await placeCash([{ productId: shop.saree.id, quantity: 1 }]);
    expect(mailsTo('admin@example.com')).toEqual([]);
    expect(mailsTo('seller@example.com').filter(about(order))).toHaveLength(1);
  });

  it('says when a cash order still waits for its confirmation', async () => {
    other = await createTestApp({ OWNER_ORDER_ALERTS: 'on', CASH_CONFIRMATION: 'on' });
    const res = await postOrder(other, t.alice.headers, orderPayload(t.alice, { items: [{ productId: shop.saree.id, quantity: 1 }] }));
    expect(res.statusCode).toBe(201);
    const order = placed(res).order;
    const [mail] = other.outbox.messages().filter((m) => m.to === 'admin@example.com');
    expect(mail!.subject).toContain(`#${orderNumber(order._id)}`);
    expect(mail!.text).toContain('It waits for the customer to confirm (code by SMS) or for your call.');
  });

  it('tells of an online order once it is paid, not while it waits for its payment', async () => {
    const { order, forms } = await placeMobileBankingOrder(t, shop, t.alice);
    expect(mailsTo('admin@example.com')).toEqual([]);
    await pressAndReturn(t, forms.pay, 'success');
    await t.messagesSent();
    const told = mailsTo('admin@example.com').filter(about(order));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('paid by mobile banking');
  });
});

/** Dhaka is UTC+6: 08:00 in Dhaka on 1 December 2026. */
const EIGHT_IN_DHAKA = new Date('2026-12-01T02:00:00Z');
const minutes = (n: number) => n * 60_000;

describe('the morning summary', () => {
  async function summaryMails() {
    await t.app.orderMessages.sendDue(new Date(Date.now() + minutes(1)));
    return mailsTo('admin@example.com').filter((m) => m.subject === 'haat this morning: what waits');
  }

  it('counts what waits, and goes out once the set Dhaka time has come', async () => {
    await t.db.update(products).set({ remaining: 100 });
    await t.db.update(products).set({ remaining: 2 }).where(eq(products.id, shop.panjabi.id));
    const [awaiting, toAccept, toShip] = [
      await placeCash([{ productId: shop.tea.id, quantity: 1 }]),
      await placeCash([{ productId: shop.tea.id, quantity: 1 }]),
      await placeCash([{ productId: shop.tea.id, quantity: 1 }]),
    ];
    await t.db.update(orders).set({ cashConfirmation: 'awaiting' }).where(eq(orders.id, awaiting._id));
    await t.db.update(orders).set({ status: 'processing' }).where(eq(orders.id, toShip._id));
    // Waiting for its online payment: nothing for the shop to do yet.
    await placeMobileBankingOrder(t, shop, t.bob);
    await t.db.insert(refunds).values({ id: newId(), orderId: toAccept._id, refundMethod: 'bkash', refundNumber: '01711000001', amount: 10 });

    expect(await sendMorningSummaryIfDue(t.db, t.config.publicUrl, 8 * 60, new Date(EIGHT_IN_DHAKA.getTime() - minutes(1)))).toBe(false);
    expect(await t.db.select().from(morningSummaries)).toEqual([]);
    expect(await sendMorningSummaryIfDue(t.db, t.config.publicUrl, 8 * 60, EIGHT_IN_DHAKA)).toBe(true);
    const [mail] = await summaryMails();
    expect(mail!.text).toContain(
      [
        'Cash orders awaiting confirmation: 1',
        'Orders to accept: 1',
        'Processing orders not yet shipped: 1',
        'Refund requests to decide: 1',
        'Returns to decide or receive: 0',
        'Products low on stock: 1',
      ].join('\n'),
    );
    expect(mail!.text).toContain(`${t.config.publicUrl}/admin/orders?lang=en`);
    // Later that day, nothing more; the next morning, the next one.
    expect(await sendMorningSummaryIfDue(t.db, t.config.publicUrl, 8 * 60, new Date(EIGHT_IN_DHAKA.getTime() + minutes(600)))).toBe(false);
    expect(await sendMorningSummaryIfDue(t.db, t.config.publicUrl, 8 * 60, new Date(EIGHT_IN_DHAKA.getTime() + minutes(24 * 60)))).toBe(true);
    expect(await summaryMails()).toHaveLength(2);
  });

  it('goes to opted-in admins in their language, and not to sellers', async () => {
    await t.db.update(products).set({ remaining: 100 });
    const bangla = await createUser(t.db, { name: 'দ্বিতীয় অ্যাডমিন', email: 'admin2@example.com', role: 'admin' });
    await t.db.update(users).set({ locale: 'bn' }).where(eq(users.id, bangla.id));
    await createUser(t.db, { name: 'Quiet Admin', email: 'quiet@example.com', role: 'admin' }).then((quiet) =>
      t.db.update(users).set({ ownerAlerts: false }).where(eq(users.id, quiet.id)),
    );
    expect(await sendMorningSummaryIfDue(t.db, t.config.publicUrl, 8 * 60, EIGHT_IN_DHAKA)).toBe(true);
    await summaryMails();
    expect(mailsTo('admin2@example.com').map((m) => m.subject)).toEqual(['হাট আজ সকালে: যা অপেক্ষায় আছে']);
    expect(mailsTo('admin2@example.com')[0]!.text).toContain('কিছুই অপেক্ষায় নেই');
    expect(mailsTo('quiet@example.com')).toEqual([]);
    expect(mailsTo('seller@example.com')).toEqual([]);
  });

  describe('with several processes', () => {
    it('is sent once a day by one of two apps on the same database asking at the same moment', async () => {
      other = await createTestApp({ OWNER_ORDER_ALERTS: 'on' });
      const sent = await Promise.all([
        sendMorningSummaryIfDue(t.db, t.config.publicUrl, 8 * 60, EIGHT_IN_DHAKA),
        sendMorningSummaryIfDue(other.db, other.config.publicUrl, 8 * 60, new Date(EIGHT_IN_DHAKA.getTime() + 1)),
      ]);
      expect(sent.filter(Boolean)).toHaveLength(1);
      const written = await t.db.select().from(customerMessages).where(eq(customerMessages.kind, 'morning-summary'));
      expect(written.map((m) => `${m.channel}:${m.recipient}`)).toEqual(['email:admin@example.com']);
    });

    it('is sent when a process starts after the set time and none was sent that day, and not again by the next start', async () => {
      other = await createTestApp({ OWNER_ORDER_ALERTS: 'on', MORNING_SUMMARY_TIME: '00:00' });
      await vi.waitFor(async () => expect(await t.db.select().from(morningSummaries)).toHaveLength(1));
      await other.close();
      other = await createTestApp({ OWNER_ORDER_ALERTS: 'on', MORNING_SUMMARY_TIME: '00:00' });
      await other.close();
      other = null;
      const written = await t.db.select().from(customerMessages).where(eq(customerMessages.kind, 'morning-summary'));
      expect(written.map((m) => `${m.channel}:${m.recipient}`)).toEqual(['email:admin@example.com']);
    });
  });
});
