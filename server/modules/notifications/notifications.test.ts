import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orderNumber } from '../../../contract/order-number';
import { UNPAID_ORDER_MINUTES, type Order, type Refund } from '../../../contract/orders';
import { products } from '../../db/schema';
import { authAs, body, createUser, type Person, type SentMessage, useShop } from '../../test/harness';
import { runOrderHousekeeping } from '../orders/housekeeping';
import { addressInLanguage, type Locale } from '../../../contract/locale';
import { orderPayload, placed, postOrder, stockShop, type StockedShop } from '../orders/test-fixtures';
import { placeMobileBankingOrder, pressAndReturn } from '../payments/test-fixtures';

const t = useShop({ people: true });
let shop: StockedShop;
/** An account that signs in with its phone only, and one with its email only. */
let phoneCustomer: Person;
let emailCustomer: Person;
beforeEach(async () => {
  shop = await stockShop(t);
  const byPhone = await createUser(t.db, { name: 'Rahim Uddin', phone: '01911000005' });
  const byEmail = await createUser(t.db, { name: 'Karima Begum', email: 'karima@example.com' });
  phoneCustomer = { ...byPhone, headers: await authAs(t.config, byPhone) };
  emailCustomer = { ...byEmail, headers: await authAs(t.config, byEmail) };
});

/** The customer's orders, opened in the language the order's messages are written in. */
const myOrders = (locale: Locale = 'en') => addressInLanguage(`${t.config.publicUrl}/user/my-orders`, locale);

/** Every message about the order, in the order they were written. */
function messagesAbout(order: Pick<Order, '_id'>): SentMessage[] {
  return t.outbox.messages().filter((message) => message.text.includes(`#${orderNumber(order._id)}`));
}

/** The one message about the order since `seen` of them were read, checked to be a single SMS to `phone`. */
function onlySmsAfter(order: Pick<Order, '_id'>, seen: number, phone: string): SentMessage {
  const fresh = messagesAbout(order).slice(seen);
  expect(fresh).toHaveLength(1);
  const [sms] = fresh as [SentMessage];
  expect(sms).toMatchObject({ channel: 'sms', to: phone });
  expect(sms.text).toMatch(/^[\x20-\x7e]{1,160}$/);
  expect(sms.text.endsWith(myOrders())).toBe(true);
  return sms;
}

function onlyEmailAfter(order: Pick<Order, '_id'>, seen: number, email: string): SentMessage {
  const fresh = messagesAbout(order).slice(seen);
  expect(fresh).toHaveLength(1);
  const [mail] = fresh as [SentMessage];
  expect(mail).toMatchObject({ channel: 'email', to: email });
  expect(mail.subject).toContain(`#${orderNumber(order._id)}`);
  expect(mail.text).toContain(myOrders());
  return mail;
}

async function placeCashOrder(customer: Person, checkoutEmail = ''): Promise<Order> {
  const res = await postOrder(t, customer.headers, orderPayload(customer, { customerEmail: checkoutEmail, items: [{ productId: shop.tea.id, quantity: 1 }] }));
  expect(res.statusCode).toBe(201);
  return placed(res).order;
}

const setStatus = (headers: Record<string, string>, order: Pick<Order, '_id'>, status: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/order/update-status/${order._id}`, headers, payload: { status } });

async function paidOnlineOrder(customer: Person): Promise<Order> {
  const { order, forms } = await placeMobileBankingOrder(t, shop, customer);
  expect((await pressAndReturn(t, forms.pay, 'success')).headers.location).toBe(`/payment/success/${order.transaction_id}`);
  return order;
}

describe('placing an order', () => {
  it('texts a phone account the order number and link, at its own number rather than the delivery phone', async () => {
    const order = await placeCashOrder(phoneCustomer);
    const sms = onlySmsAfter(order, 0, '01911000005');
    expect(sms.text).toBe(`haat: We got your order #${orderNumber(order._id)} (Tk 145, cash on delivery). Track it: ${myOrders()}`);
  });

  it('mails an email account at its own address, greeting it by name', async () => {
    const order = await placeCashOrder(emailCustomer, 'office@example.com');
    const mail = onlyEmailAfter(order, 0, 'karima@example.com');
    expect(mail.subject).toBe(`We got your haat order #${orderNumber(order._id)}`);
    expect(mail.text.startsWith('Hello Karima Begum,\n\n')).toBe(true);
  });

  it('mails an account that has both an email and a phone', async () => {
    const order = await placeCashOrder(shop.alice);
    onlyEmailAfter(order, 0, 'alice@example.com');
  });

  it('asks for the payment of an online order, then says once that it was paid', async () => {
    const { order, forms } = await placeMobileBankingOrder(t, shop, phoneCustomer);
    expect(onlySmsAfter(order, 0, '01911000005').text).toContain(`Pay within ${UNPAID_ORDER_MINUTES} minutes`);
    // The sandbox sends its IPN and hands the browser back: two callbacks for one payment.
    await pressAndReturn(t, forms.pay, 'success');
    expect(onlySmsAfter(order, 1, '01911000005').text).toContain('We received Tk 1,410 for your order');
  });

  it('says nothing more when the same order is sent again with its Idempotency-Key', async () => {
    const payload = orderPayload(emailCustomer, { items: [{ productId: shop.tea.id, quantity: 1 }] });
    const first = await postOrder(t, emailCustomer.headers, payload, { 'idempotency-key': 'checkout-1' });
    const again = await postOrder(t, emailCustomer.headers, payload, { 'idempotency-key': 'checkout-1' });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(messagesAbout(placed(first).order)).toHaveLength(1);
  });

  it('writes nothing when the order is refused inside its transaction', async () => {
    await t.db.update(products).set({ remaining: 1 }).where(eq(products.id, shop.tea.id));
    const res = await postOrder(t, phoneCustomer.headers, orderPayload(phoneCustomer, { cuopon: 'SAVE20', items: [{ productId: shop.tea.id, quantity: 20 }] }));
    expect(res.statusCode).toBe(409);
    expect(t.outbox.messages()).toEqual([]);
  });
});

describe('the shop moving an order', () => {
  it('writes every message about an order in the language it was placed in, whoever changes it later', async () => {
    const headers = { ...phoneCustomer.headers, cookie: 'lang=bn' };
    const res = await postOrder(t, headers, orderPayload(phoneCustomer, { items: [{ productId: shop.tea.id, quantity: 1 }] }));
    expect(res.statusCode).toBe(201);
    const order = placed(res).order;
    const number = orderNumber(order._id);
    const bangla = () => t.outbox.messages().filter((message) => message.text.includes(`#${number}`));
    expect(bangla()).toHaveLength(1);
    expect(bangla()[0]!.text).toBe(`হাট: অর্ডার #${number} (৳১৪৫, ক্যাশ অন ডেলিভারি) পেয়েছি। ট্র্যাক করুন: ${myOrders('bn')}`);
    // The admin's own language does not change the customer's.
    expect((await setStatus(shop.admin.headers, order, 'processing')).statusCode).toBe(200);
    expect((await setStatus({ ...shop.admin.headers, cookie: 'lang=en' }, order, 'shipped')).statusCode).toBe(200);
    expect(bangla()).toHaveLength(2);
    expect(bangla()[1]!.text).toContain('পথে আছে');
  });

  it('tells of shipping and delivery, once each, and not of processing', async () => {
    const order = await placeCashOrder(phoneCustomer);
    expect((await setStatus(shop.admin.headers, order, 'processing')).statusCode).toBe(200);
    expect(messagesAbout(order)).toHaveLength(1);

    expect((await setStatus(shop.admin.headers, order, 'shipped')).statusCode).toBe(200);
    expect(onlySmsAfter(order, 1, '01911000005').text).toContain('is on its way');
    expect((await setStatus(shop.admin.headers, order, 'shipped')).statusCode).toBe(409);
    expect(messagesAbout(order)).toHaveLength(2);

    expect((await setStatus(shop.admin.headers, order, 'delivered')).statusCode).toBe(200);
    expect(onlySmsAfter(order, 2, '01911000005').text).toContain('was delivered');
    expect((await setStatus(shop.admin.headers, order, 'delivered')).statusCode).toBe(409);
    expect(messagesAbout(order)).toHaveLength(3);
  });

  it('sends one message when the same change is sent twice at once', async () => {
    const order = await placeCashOrder(emailCustomer);
    await setStatus(shop.admin.headers, order, 'processing');
    const answers = await Promise.all([setStatus(shop.admin.headers, order, 'shipped'), setStatus(shop.admin.headers, order, 'shipped')]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(onlyEmailAfter(order, 1, 'karima@example.com').subject).toContain('is on its way');
  });

  it('writes nothing for a change it refuses', async () => {
    const order = await placeCashOrder(phoneCustomer);
    expect((await setStatus(shop.admin.headers, order, 'delivered')).statusCode).toBe(409);
    expect((await setStatus(phoneCustomer.headers, order, 'shipped')).statusCode).toBe(403);
    expect((await setStatus(shop.bob.headers, order, 'cancelled')).statusCode).toBe(403);
    expect(messagesAbout(order)).toHaveLength(1);
  });

  it('tells of a cancellation by the shop, and of the refund of a paid order that follows it', async () => {
    const cash = await placeCashOrder(phoneCustomer);
    expect((await setStatus(shop.admin.headers, cash, 'cancelled')).statusCode).toBe(200);
    expect(onlySmsAfter(cash, 1, '01911000005').text).toContain('Sorry, we had to cancel your order');

    const online = await paidOnlineOrder(emailCustomer);
    expect((await setStatus(shop.admin.headers, online, 'cancelled')).statusCode).toBe(200);
    const [cancelled, refunded] = messagesAbout(online).slice(2);
    expect(messagesAbout(online)).toHaveLength(4);
    expect(cancelled).toMatchObject({ channel: 'email', to: 'karima@example.com' });
    expect(cancelled!.text).toContain('Your Tk 1,410 will be paid back.');
    expect(refunded).toMatchObject({ channel: 'email', to: 'karima@example.com' });
    expect(refunded!.text).toContain('We paid back Tk 1,410 for your order');
  });

  it('writes to the contact stored with the order once its account is deleted: its email, else its phone', async () => {
    const withoutEmail = await placeCashOrder(phoneCustomer);
    const withEmail = await placeCashOrder(phoneCustomer, 'rahim.office@example.com');
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/user/delete-user/${phoneCustomer.id}`, headers: shop.admin.headers });
    expect(deleted.statusCode).toBe(200);
    for (const order of [withoutEmail, withEmail]) {
      await setStatus(shop.admin.headers, order, 'processing');
      await setStatus(shop.admin.headers, order, 'shipped');
    }
    expect(onlySmsAfter(withoutEmail, 1, '01712345678').text).toContain('is on its way');
    expect(onlyEmailAfter(withEmail, 1, 'rahim.office@example.com').subject).toContain('is on its way');
  });
});

describe('cancelling and refunds', () => {
  it('tells a customer who cancels their own order', async () => {
    const order = await placeCashOrder(emailCustomer);
    expect((await setStatus(emailCustomer.headers, order, 'cancelled')).statusCode).toBe(200);
    expect(onlyEmailAfter(order, 1, 'karima@example.com').text).toContain('is cancelled, as you asked');
    expect((await setStatus(emailCustomer.headers, order, 'cancelled')).statusCode).toBe(409);
    expect(messagesAbout(order)).toHaveLength(2);
  });

  it('tells of an online order released unpaid, once however often the housekeeping runs', async () => {
    const { order } = await placeMobileBankingOrder(t, shop, phoneCustomer);
    const later = new Date(Date.now() + (UNPAID_ORDER_MINUTES + 1) * 60_000);
    await Promise.all([runOrderHousekeeping(t.paymentDeps(), { now: later }), runOrderHousekeeping(t.paymentDeps(), { now: later })]);
    await runOrderHousekeeping(t.paymentDeps(), { now: later });
    await t.messagesSent();
    expect(onlySmsAfter(order, 1, '01911000005').text).toContain(`it was not paid within ${UNPAID_ORDER_MINUTES} minutes`);
  });

  it('tells of a refund request, then of the refund, once', async () => {
    const order = await paidOnlineOrder(phoneCustomer);
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/refund/post',
      headers: phoneCustomer.headers,
      payload: { orderId: order._id, refundMethod: 'bkash', refundNumber: '01911222333' },
    });
    expect(requested.statusCode).toBe(201);
    expect(onlySmsAfter(order, 2, '01911000005').text).toContain('is cancelled and your refund is requested');

    const refund = body<Refund>(requested).data;
    const settle = (status: string) =>
      t.app.inject({ method: 'PATCH', url: `/api/refund/${refund._id}`, headers: shop.admin.headers, payload: { id: refund._id, status } });
    expect((await settle('approved')).statusCode).toBe(200);
    expect(messagesAbout(order)).toHaveLength(3);
    expect((await settle('refunded')).statusCode).toBe(200);
    expect(onlySmsAfter(order, 3, '01911000005').text).toContain('We paid back Tk 1,410 for your order');
    expect((await settle('refunded')).statusCode).toBe(200);
    expect(messagesAbout(order)).toHaveLength(4);
  });

  it("tells of the back office's approval through the gateway, and of a rejection, once each", async () => {
    const request = async (customer: Person, order: Order) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/refund/post',
        headers: customer.headers,
        payload: { orderId: order._id, refundMethod: 'nagad', refundNumber: '01911222333' },
      });
      expect(res.statusCode).toBe(201);
      return body<Refund>(res).data;
    };
    const approvedOrder = await paidOnlineOrder(phoneCustomer);
    const approved = await request(phoneCustomer, approvedOrder);
    const approve = () => t.app.inject({ method: 'POST', url: `/api/admin/refunds/${approved._id}/approve`, headers: shop.admin.headers, payload: {} });
    expect((await approve()).statusCode).toBe(200);
    expect(onlySmsAfter(approvedOrder, 3, '01911000005').text).toContain('We paid back Tk 1,410 for your order');
    expect((await approve()).statusCode).toBe(409);
    expect(messagesAbout(approvedOrder)).toHaveLength(4);

    const rejectedOrder = await paidOnlineOrder(emailCustomer);
    const rejected = await request(emailCustomer, rejectedOrder);
    const reject = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/refunds/${rejected._id}/reject`,
        headers: shop.admin.headers,
        payload: { reason: 'The parcel was delivered and signed for' },
      });
    expect((await reject()).statusCode).toBe(200);
    expect(onlyEmailAfter(rejectedOrder, 3, 'karima@example.com').text).toContain('We could not approve the refund of your order');
    expect((await reject()).statusCode).toBe(409);
    expect(messagesAbout(rejectedOrder)).toHaveLength(4);
  });

  it('writes nothing for a refund request it refuses', async () => {
    const order = await placeCashOrder(phoneCustomer);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/refund/post',
      headers: phoneCustomer.headers,
      payload: { orderId: order._id, refundMethod: 'bkash', refundNumber: '01911222333' },
    });
    expect(res.statusCode).toBe(409);
    expect(messagesAbout(order)).toHaveLength(1);
  });
});
