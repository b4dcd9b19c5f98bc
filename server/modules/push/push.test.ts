import { and, eq } from 'drizzle-orm';
import { decodeJwt, importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderNumber } from '../../../contract/order-number';
import type { Order } from '../../../contract/orders';
import type { Profile } from '../../../contract/profile';
import { PUSH_ENDPOINT_INVALID, PUSH_SERVICE_UNKNOWN, type PushPayload } from '../../../contract/push';
import { loadConfig } from '../../config';
import { customerMessages, pushSubscriptions, serverSecrets } from '../../db/schema';
import { body, signIn, TEST_PASSWORD, useShop, type Person } from '../../test/harness';
import { mediaUrl } from '../products/test-fixtures';
import { orderPayload, placed, postOrder, stockShop, type StockedShop } from '../orders/test-fixtures';
import { checkEndpoint, MAX_DEVICES_PER_USER } from './service';
import { browserSubscription, loopbackPushService, type ReceivedPush } from './test-fixtures';

const t = useShop({ people: true, env: { PUSH_ALLOW_LOOPBACK: 'true' } });
let pushService: Awaited<ReturnType<typeof loopbackPushService>>;
beforeAll(async () => {
  pushService = await loopbackPushService();
});
afterAll(() => pushService.close());

let shop: StockedShop;
beforeEach(async () => {
  shop = await stockShop(t);
  pushService.received.length = 0;
});

let devices = 0;
/** A new device of the test's push service: its own path, answered 201. */
function newDevice() {
  devices += 1;
  return browserSubscription(`${pushService.origin}/device-${devices}`);
}
type Device = ReturnType<typeof newDevice>;
const pathOf = (device: Device) => new URL(device.subscription.endpoint).pathname;

const subscribe = (person: Pick<Person, 'headers'>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: person.headers, payload: payload as object });
const unsubscribe = (person: Pick<Person, 'headers'>, endpoint: string) =>
  t.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: person.headers, payload: { endpoint } });
const storedFor = (userId: string) => t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

async function subscribed(person: Person): Promise<Device> {
  const device = newDevice();
  expect((await subscribe(person, device.subscription)).statusCode).toBe(200);
  return device;
}

async function placeCashOrder(customer: Person): Promise<Order> {
  const res = await postOrder(t, customer.headers, orderPayload(customer, { items: [{ productId: shop.tea.id, quantity: 1 }] }));
  expect(res.statusCode).toBe(201);
  return placed(res).order;
}

const setStatus = (order: Pick<Order, '_id'>, status: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/order/update-status/${order._id}`, headers: shop.admin.headers, payload: { status } });

const pushesTo = (device: Device): ReceivedPush[] => pushService.received.filter((push) => push.path === pathOf(device));
const payloadOf = (device: Device, push: ReceivedPush) => JSON.parse(device.decrypt(push.body)) as PushPayload;

describe('GET /api/push/key', () => {
  it('answers the public key generated once into the database, which every process of the shop reads', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/push/key' });
    expect(res.statusCode).toBe(200);
    expect(body<{ publicKey: string }>(res).data).toEqual({ publicKey: t.config.push.vapid.publicKey });
    expect(Buffer.from(t.config.push.vapid.publicKey, 'base64url')).toHaveLength(65);
    const [kept] = await t.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'vapid'));
    expect(JSON.parse(kept!.value)).toEqual({ publicKey: t.config.push.vapid.publicKey, privateKey: t.config.push.vapid.privateKey });
  });
});

describe('storing subscriptions', () => {
  it("keeps the signed-in user's device with its keys; another account cannot take it until the first signs out there", async () => {
    const device = newDevice();
    expect((await subscribe(shop.alice, device.subscription)).statusCode).toBe(200);
    expect(await storedFor(shop.alice.id)).toMatchObject([
      { endpoint: device.subscription.endpoint, p256dh: device.subscription.keys.p256dh, auth: device.subscription.keys.auth, lastSuccessAt: null },
    ]);
    // The owner sends it again, with the browser's new keys.
    const renewed = browserSubscription(device.subscription.endpoint);
    expect((await subscribe(shop.alice, renewed.subscription)).statusCode).toBe(200);
    expect(await storedFor(shop.alice.id)).toMatchObject([{ p256dh: renewed.subscription.keys.p256dh, auth: renewed.subscription.keys.auth }]);

    // Bob learnt the endpoint: sending it, with his keys or with Alice's, moves nothing.
    for (const keys of [newDevice().subscription.keys, renewed.subscription.keys]) {
      const taken = await subscribe(shop.bob, { endpoint: device.subscription.endpoint, keys });
      expect(taken.statusCode).toBe(409);
      expect(body(taken)).toMatchObject({
        code: 'pushDeviceTaken',
        message: "This device gets another account's notifications. Sign out of that account on this device first.",
      });
    }
    expect(await storedFor(shop.alice.id)).toMatchObject([{ p256dh: renewed.subscription.keys.p256dh }]);
    expect(await storedFor(shop.bob.id)).toEqual([]);
    await placeCashOrder(shop.alice);
    expect(pushesTo(device)).toHaveLength(1);
    expect(payloadOf(renewed, pushesTo(device)[0]!).title).toMatch(/^Order #\S+ placed$/);

    // Alice signs out on the device (which removes its endpoint): now it is Bob's.
    const session = await signIn(t.app, 'alice@example.com', TEST_PASSWORD);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      cookies: { refreshToken: session.refreshToken },
      payload: { pushEndpoint: device.subscription.endpoint },
    });
    expect(logout.statusCode).toBe(200);
    const bobsKeys = browserSubscription(device.subscription.endpoint);
    expect((await subscribe(shop.bob, bobsKeys.subscription)).statusCode).toBe(200);
    expect(await storedFor(shop.alice.id)).toEqual([]);
    expect(await storedFor(shop.bob.id)).toMatchObject([{ endpoint: device.subscription.endpoint, p256dh: bobsKeys.subscription.keys.p256dh }]);

    // Bob turns notifications off there: Alice may have the device again.
    expect((await unsubscribe(shop.bob, device.subscription.endpoint)).statusCode).toBe(200);
    expect((await subscribe(shop.alice, renewed.subscription)).statusCode).toBe(200);
    expect(await storedFor(shop.alice.id)).toHaveLength(1);
  });

  it('asks an anonymous caller to sign in', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', payload: newDevice().subscription });
    expect(res.statusCode).toBe(401);
  });

  it(`keeps ${MAX_DEVICES_PER_USER} devices an account, dropping the one quiet the longest`, async () => {
    const first = await subscribed(shop.alice);
    for (let i = 1; i < MAX_DEVICES_PER_USER; i += 1) await subscribed(shop.alice);
    await t.db.update(pushSubscriptions).set({ lastSuccessAt: new Date() }).where(eq(pushSubscriptions.endpoint, first.subscription.endpoint));
    const newest = await subscribed(shop.alice);
    const kept = (await storedFor(shop.alice.id)).map((row) => row.endpoint);
    expect(kept).toHaveLength(MAX_DEVICES_PER_USER);
    expect(kept).toContain(first.subscription.endpoint);
    expect(kept).toContain(newest.subscription.endpoint);
  });

  it('refuses hostile or broken subscriptions with a 400 and a message, storing nothing', async () => {
    const { subscription } = newDevice();
    const keys = subscription.keys;
    const offCurve = Buffer.alloc(65, 0);
    offCurve[0] = 4;
    const hostile: unknown[] = [
      {},
      [],
      'endpoint',
      { endpoint: 42, keys },
      { endpoint: subscription.endpoint },
      { endpoint: subscription.endpoint, keys: { p256dh: keys.p256dh } },
      { endpoint: 'not a url', keys },
      { endpoint: 'http://push.example.com/send/1', keys },
      { endpoint: 'ftp://push.example.com/send/1', keys },
      { endpoint: 'https://10.0.0.1/send/1', keys },
      { endpoint: 'https://[::1]/send/1', keys },
      { endpoint: 'https://localhost/send/1', keys },
      { endpoint: 'https://localhost./send/1', keys },
      { endpoint: 'https://127.0.0.1.nip.io/send/1', keys },
      { endpoint: 'https://metadata.google.internal/computeMetadata/v1/', keys },
      { endpoint: 'https://169.254.169.254/latest/meta-data/', keys },
      { endpoint: 'https://[::ffff:127.0.0.1]/send/1', keys },
      { endpoint: 'https://push.example.com/send/1', keys },
      { endpoint: 'https://fcm.googleapis.com./fcm/send/1', keys },
      { endpoint: 'https://fcm.googleapis.com.evil.example/fcm/send/1', keys },
      { endpoint: 'https://evilpush.apple.com/3/device/1', keys },
      { endpoint: 'http://fcm.googleapis.com/fcm/send/1', keys },
      { endpoint: 'https://fcm.googleapis.com:8443/fcm/send/1', keys },
      { endpoint: 'https://user:pass@fcm.googleapis.com/fcm/send/1', keys },
      { endpoint: `https://fcm.googleapis.com/${'a'.repeat(2100)}`, keys },
      { endpoint: 'https://fcm.googleapis.com/\u0000', keys },
      { endpoint: subscription.endpoint, keys: { ...keys, p256dh: keys.p256dh.slice(1) } },
      { endpoint: subscription.endpoint, keys: { ...keys, p256dh: `${keys.p256dh.slice(1)}=` } },
      { endpoint: subscription.endpoint, keys: { ...keys, p256dh: offCurve.toString('base64url') } },
      { endpoint: subscription.endpoint, keys: { ...keys, auth: `${keys.auth}AA` } },
      { endpoint: subscription.endpoint, keys: { ...keys, auth: keys.auth.replace(/./, '+') } },
      { endpoint: subscription.endpoint, keys: { p256dh: ['x'], auth: null } },
    ];
    for (const payload of hostile) {
      const res = await subscribe(shop.alice, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(body(res).message).toMatch(/\w/);
    }
    expect(await t.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it("takes the browsers' push services, the hosts PUSH_SERVICE_HOSTS adds, and http://127.0.0.1 only when PUSH_ALLOW_LOOPBACK is set (tests)", () => {
    const rule = { serviceHosts: t.config.push.serviceHosts, allowLoopback: false };
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://push.services.mozilla.com.evil.example/x',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/QGm-abc',
    ]) {
      const accepted = !endpoint.includes('evil');
      if (accepted) expect(() => checkEndpoint(endpoint, rule), endpoint).not.toThrow();
      else expect(() => checkEndpoint(endpoint, rule), endpoint).toThrow(PUSH_SERVICE_UNKNOWN);
    }
    expect(() => checkEndpoint('https://notify.windows.com/x', rule)).toThrow(PUSH_SERVICE_UNKNOWN);
    expect(() => checkEndpoint('https://push.example.net/x', rule)).toThrow(PUSH_SERVICE_UNKNOWN);
    const extended = loadConfig({ DATA_DIR: t.config.dataDir, PUSH_SERVICE_HOSTS: 'push.example.net, *.push.example.org' }).push;
    expect(() => checkEndpoint('https://push.example.net/x', extended)).not.toThrow();
    expect(() => checkEndpoint('https://eu.push.example.org/x', extended)).not.toThrow();
    expect(() => checkEndpoint('https://push.example.org/x', extended)).toThrow(PUSH_SERVICE_UNKNOWN);
    expect(() => loadConfig({ DATA_DIR: t.config.dataDir, PUSH_SERVICE_HOSTS: 'http://x.example' })).toThrow('PUSH_SERVICE_HOSTS');

    expect(() => checkEndpoint('http://127.0.0.1:4000/device', rule)).toThrow(PUSH_ENDPOINT_INVALID);
    expect(() => checkEndpoint('http://127.0.0.1:4000/device', { ...rule, allowLoopback: true })).not.toThrow();
    expect(() => checkEndpoint('http://10.0.0.1:4000/device', { ...rule, allowLoopback: true })).toThrow(PUSH_ENDPOINT_INVALID);
  });
});

describe('removing subscriptions', () => {
  it("removes the caller's device by its endpoint, and never another account's", async () => {
    const alices = await subscribed(shop.alice);
    const bobs = await subscribed(shop.bob);
    expect((await unsubscribe(shop.bob, alices.subscription.endpoint)).statusCode).toBe(200);
    expect(await storedFor(shop.alice.id)).toHaveLength(1);
    expect((await unsubscribe(shop.alice, alices.subscription.endpoint)).statusCode).toBe(200);
    expect(await storedFor(shop.alice.id)).toEqual([]);
    expect(await storedFor(shop.bob.id)).toHaveLength(1);
    expect((await unsubscribe(shop.alice, bobs.subscription.endpoint)).statusCode).toBe(200);
    expect(await storedFor(shop.bob.id)).toHaveLength(1);
  });

  it('refuses a broken endpoint with a 400', async () => {
    for (const payload of [{}, { endpoint: 5 }, { endpoint: 'x'.repeat(3000) }, []]) {
      const res = await t.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: shop.alice.headers, payload: payload as object });
      expect(res.statusCode).toBe(400);
    }
  });

  it("removes the device's endpoint at sign-out when it is the signed-out account's", async () => {
    const session = await signIn(t.app, 'alice@example.com', TEST_PASSWORD);
    const alices = await subscribed(shop.alice);
    const bobs = await subscribed(shop.bob);
    const logout = (refreshToken: string, pushEndpoint: string) =>
      t.app.inject({ method: 'POST', url: '/api/user/logout', cookies: { refreshToken }, payload: { pushEndpoint } });

    expect((await logout(session.refreshToken, bobs.subscription.endpoint)).statusCode).toBe(200);
    expect(await storedFor(shop.bob.id)).toHaveLength(1);
    const again = await signIn(t.app, 'alice@example.com', TEST_PASSWORD);
    expect((await logout(again.refreshToken, alices.subscription.endpoint)).statusCode).toBe(200);
    expect(await storedFor(shop.alice.id)).toEqual([]);

    const plain = await t.app.inject({ method: 'POST', url: '/api/user/logout' });
    expect(plain.statusCode).toBe(200);
    const broken = await t.app.inject({ method: 'POST', url: '/api/user/logout', payload: { pushEndpoint: 7 } });
    expect(broken.statusCode).toBe(400);
  });
});

describe('order notifications', () => {
  it("pushes each change to every device of the customer, encrypted for it: title, text, the product's small picture and the order's page", async () => {
    const phone = await subscribed(shop.alice);
    const laptop = await subscribed(shop.alice);
    const bobs = await subscribed(shop.bob);
    const order = await placeCashOrder(shop.alice);

    for (const device of [phone, laptop]) {
      const [push] = pushesTo(device) as [ReceivedPush];
      expect(pushesTo(device)).toHaveLength(1);
      expect(payloadOf(device, push)).toEqual({
        title: `Order #${orderNumber(order._id)} placed`,
        body: 'We got your order (৳145, cash on delivery).',
        image: `${t.config.publicUrl}${mediaUrl(2)}?w=320`,
        url: `/user/my-orders?order=${order._id}`,
        tag: `order-${order._id}`,
      });
      expect(push.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: String(3 * 24 * 3600), urgency: 'normal', topic: `order${order._id}` });
    }
    expect(pushesTo(bobs)).toEqual([]);
    const [stored] = await storedFor(shop.alice.id);
    expect(stored!.lastSuccessAt).toBeInstanceOf(Date);

    expect((await setStatus(order, 'processing')).statusCode).toBe(200);
    expect(pushesTo(phone)).toHaveLength(1);
    expect((await setStatus(order, 'shipped')).statusCode).toBe(200);
    expect(payloadOf(phone, pushesTo(phone)[1]!)).toMatchObject({ title: `Order #${orderNumber(order._id)} is on its way`, tag: `order-${order._id}` });
  });

  it('signs each push with the VAPID key for the push service it goes to', async () => {
    const device = await subscribed(shop.alice);
    await placeCashOrder(shop.alice);
    const [push] = pushesTo(device) as [ReceivedPush];
    const match = /^vapid t=([^,]+), k=([A-Za-z0-9_-]+)$/.exec(push.headers.authorization ?? '');
    expect(match?.[2]).toBe(t.config.push.vapid.publicKey);
    const point = Buffer.from(match![2]!, 'base64url');
    const key = await importJWK(
      { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      'ES256',
    );
    await expect(jwtVerify(match![1]!, key, { audience: pushService.origin })).resolves.toBeTruthy();
    expect(decodeJwt(match![1]!).sub).toBe(t.config.push.vapid.subject);
  });

  it('removes a device whose push service answers 410 or 404, and does not try it again', async () => {
    const gone = await subscribed(shop.alice);
    const unknown = await subscribed(shop.alice);
    const kept = await subscribed(shop.alice);
    pushService.answer(pathOf(gone), 410);
    pushService.answer(pathOf(unknown), 404);
    const order = await placeCashOrder(shop.alice);
    expect((await storedFor(shop.alice.id)).map((row) => row.endpoint)).toEqual([kept.subscription.endpoint]);
    const [push] = await t.db
      .select()
      .from(customerMessages)
      .where(and(eq(customerMessages.orderId, order._id), eq(customerMessages.channel, 'push')));
    expect(push).toMatchObject({ status: 'sent', recipient: shop.alice.id });

    expect((await setStatus(order, 'processing')).statusCode).toBe(200);
    expect((await setStatus(order, 'shipped')).statusCode).toBe(200);
    expect(pushesTo(gone)).toHaveLength(1);
    expect(pushesTo(kept)).toHaveLength(2);
  });

  it('never follows a redirect: the push service answering 302 or 307 is a failure, and the address it names gets nothing', async () => {
    const device = await subscribed(shop.alice);
    pushService.answer(pathOf(device), 302, { location: `${pushService.origin}/admin/delete-everything` });
    const order = await placeCashOrder(shop.alice);
    const pushRow = async () =>
      (
        await t.db
          .select()
          .from(customerMessages)
          .where(and(eq(customerMessages.orderId, order._id), eq(customerMessages.channel, 'push')))
      )[0]!;
    expect(await pushRow()).toMatchObject({ status: 'queued', attempts: 1, lastError: expect.stringContaining('HTTP 302') });

    pushService.answer(pathOf(device), 307, { location: 'http://169.254.169.254/latest/meta-data/' });
    expect(await t.app.orderMessages.sendDue(new Date(Date.now() + 2 * 60_000))).toBe(0);
    expect(await pushRow()).toMatchObject({ status: 'queued', attempts: 2, lastError: expect.stringContaining('HTTP 307') });
    expect(pushService.received.map((push) => push.path)).toEqual([pathOf(device), pathOf(device)]);
  });

  it('tries again later when the push service fails, with what is left of the time to live', async () => {
    const device = await subscribed(shop.alice);
    pushService.answer(pathOf(device), 503);
    const order = await placeCashOrder(shop.alice);
    const pushRow = async () =>
      (
        await t.db
          .select()
          .from(customerMessages)
          .where(and(eq(customerMessages.orderId, order._id), eq(customerMessages.channel, 'push')))
      )[0]!;
    expect(await pushRow()).toMatchObject({ status: 'queued', attempts: 1, lastError: expect.stringContaining('HTTP 503') });
    expect(await storedFor(shop.alice.id)).toHaveLength(1);

    pushService.answer(pathOf(device), 201);
    await t.db
      .update(customerMessages)
      .set({ createdAt: new Date(Date.now() - 3600_000) })
      .where(eq(customerMessages.orderId, order._id));
    expect(await t.app.orderMessages.sendDue(new Date(Date.now() + 2 * 60_000))).toBe(1);
    const [, retried] = pushesTo(device) as [ReceivedPush, ReceivedPush];
    expect(Number(retried.headers.ttl)).toBeLessThanOrEqual(3 * 24 * 3600 - 3600);
    expect(payloadOf(device, retried).title).toBe(`Order #${orderNumber(order._id)} placed`);
    expect(await pushRow()).toMatchObject({ status: 'sent' });
  });

  it('sends nothing to a customer who turned order notifications off, also when it was queued before', async () => {
    const device = await subscribed(shop.alice);
    pushService.answer(pathOf(device), 503);
    const first = await placeCashOrder(shop.alice);
    expect(pushesTo(device)).toHaveLength(1);

    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/user/update-profile',
      headers: shop.alice.headers,
      payload: { id: shop.alice.id, orderNotifications: false },
    });
    expect(off.statusCode).toBe(200);
    expect(body<Profile>(off).data.orderNotifications).toBe(false);
    const read = await t.app.inject({ method: 'GET', url: `/api/user/get-single-user/${shop.alice.id}`, headers: shop.alice.headers });
    expect(body<Profile>(read).data.orderNotifications).toBe(false);

    pushService.answer(pathOf(device), 201);
    await t.app.orderMessages.sendDue(new Date(Date.now() + 2 * 60_000));
    expect((await setStatus(first, 'processing')).statusCode).toBe(200);
    expect((await setStatus(first, 'shipped')).statusCode).toBe(200);
    await placeCashOrder(shop.alice);
    expect(pushesTo(device)).toHaveLength(1);
    // The SMS and email go on as before.
    expect(t.outbox.messages().filter((message) => message.to === 'alice@example.com')).toHaveLength(3);

    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/user/update-profile',
      headers: shop.alice.headers,
      payload: { id: shop.alice.id, orderNotifications: true },
    });
    expect(body<Profile>(on).data.orderNotifications).toBe(true);
    expect((await setStatus(first, 'delivered')).statusCode).toBe(200);
    expect(payloadOf(device, pushesTo(device)[1]!).title).toBe(`Order #${orderNumber(first._id)} delivered`);
  });

  it('refuses a setting that is not true or false, and changes only your own', async () => {
    for (const value of ['yes', 1, null, {}]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/user/update-profile',
        headers: shop.alice.headers,
        payload: { id: shop.alice.id, orderNotifications: value },
      });
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toMatch(/\w/);
    }
    const others = await t.app.inject({
      method: 'PUT',
      url: '/api/user/update-profile',
      headers: shop.bob.headers,
      payload: { id: shop.alice.id, orderNotifications: false },
    });
    expect(others.statusCode).toBe(403);
  });
});
