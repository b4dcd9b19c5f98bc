import { and, asc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderNumber } from '../../../contract/order-number';
import type { Order } from '../../../contract/orders';
import { customerMessages, orders } from '../../db/schema';
import { createTestApp, type SentMessage, type TestApp, useShop } from '../../test/harness';
import { runOrderHousekeeping } from '../orders/housekeeping';
import { orderPayload, placed, postOrder, stockShop, type StockedShop } from '../orders/test-fixtures';
import { KEEP_DAYS, MAX_ATTEMPTS, RETRY_DELAYS_MINUTES } from './sender';

const logged: string[] = [];
const t = useShop({ people: true, env: { LOG_LEVEL: 'warn' }, log: { write: (line) => logged.push(line) } });
let shop: StockedShop;
/** Apps a test opens beside `t` on the same database: other processes, or the shop after a restart. */
const others: TestApp[] = [];
beforeEach(async () => {
  shop = await stockShop(t);
  logged.length = 0;
  t.refuseMessages(false);
});
afterEach(async () => {
  for (const app of others.splice(0)) await app.close();
});

async function anotherProcess(): Promise<TestApp> {
  const app = await createTestApp();
  others.push(app);
  return app;
}

const MINUTE = 60_000;
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * MINUTE);

async function placeCashOrder(app: TestApp = t): Promise<Order> {
  const res = await postOrder(app, shop.alice.headers, orderPayload(shop.alice, { items: [{ productId: shop.tea.id, quantity: 1 }] }));
  expect(res.statusCode).toBe(201);
  return placed(res).order;
}

const rowsOf = (order: Pick<Order, '_id'>) =>
  t.db.select().from(customerMessages).where(eq(customerMessages.orderId, order._id)).orderBy(asc(customerMessages.createdAt), asc(customerMessages.id));

const about = (order: Pick<Order, '_id'>, messages: SentMessage[]) => messages.filter((message) => message.text.includes(`#${orderNumber(order._id)}`));

const setStatus = (order: Pick<Order, '_id'>, status: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/order/update-status/${order._id}`, headers: shop.admin.headers, payload: { status } });

describe('a message and its change', () => {
  it('is written only when the change commits: a rolled-back transaction leaves no message', async () => {
    const order = await placeCashOrder();
    const rolledBack = t.db.transaction(async (tx) => {
      await tx.update(orders).set({ status: 'processing' }).where(eq(orders.id, order._id));
      await tx.update(orders).set({ status: 'shipped' }).where(eq(orders.id, order._id));
      await t.paymentDeps().messages.queue(tx, order._id, 'shipped');
      throw new Error('the change failed after its message was written');
    });
    await expect(rolledBack).rejects.toThrow('the change failed');
    await runOrderHousekeeping(t.paymentDeps());
    expect((await rowsOf(order)).map((row) => row.kind)).toEqual(['placed']);
    expect(about(order, t.outbox.messages())).toHaveLength(1);
  });

  it('leaves no message for an order refused inside its transaction', async () => {
    const res = await postOrder(
      t,
      shop.alice.headers,
      orderPayload(shop.alice, { items: [{ productId: shop.panjabi.id, quantity: 4, size: 'M', color: 'White' }] }),
    );
    expect(res.statusCode).toBe(409);
    expect(await t.db.select().from(customerMessages)).toEqual([]);
  });

  it('sends a committed change exactly once, however often the housekeeping runs after it', async () => {
    const order = await placeCashOrder();
    expect((await setStatus(order, 'processing')).statusCode).toBe(200);
    expect((await setStatus(order, 'shipped')).statusCode).toBe(200);
    await runOrderHousekeeping(t.paymentDeps(), { now: minutesFromNow(10) });
    await runOrderHousekeeping(t.paymentDeps(), { now: minutesFromNow(600) });
    const rows = await rowsOf(order);
    expect(rows.map(({ kind, status, attempts, channel, recipient }) => ({ kind, status, attempts, channel, recipient }))).toEqual([
      { kind: 'placed', status: 'sent', attempts: 1, channel: 'email', recipient: 'alice@example.com' },
      { kind: 'shipped', status: 'sent', attempts: 1, channel: 'email', recipient: 'alice@example.com' },
    ]);
    const sent = about(order, t.outbox.messages());
    expect(sent.map((message) => message.subject)).toEqual([rows[0]!.subject, rows[1]!.subject]);
    expect(sent[1]!.text).toBe(rows[1]!.body);
  });
});

describe('a provider that fails', () => {
  it('leaves the change made, and the message is sent by a later round once the provider works', async () => {
    t.refuseMessages(true);
    const order = await placeCashOrder();
    await t.messagesSent();
    const [queued] = await rowsOf(order);
    expect(queued).toMatchObject({ status: 'queued', attempts: 1, lastError: 'the provider refused the message' });
    expect(queued!.nextAttemptAt.getTime() - queued!.createdAt.getTime()).toBeGreaterThanOrEqual(RETRY_DELAYS_MINUTES[0] * MINUTE);
    expect(logged.some((line) => line.includes('order message not delivered: will retry') && line.includes(order._id))).toBe(true);

    // Not due yet: the round before the retry's time sends nothing, whatever the provider does.
    t.refuseMessages(false);
    await runOrderHousekeeping(t.paymentDeps());
    expect(about(order, t.outbox.messages())).toEqual([]);

    await runOrderHousekeeping(t.paymentDeps(), { now: minutesFromNow(2) });
    await runOrderHousekeeping(t.paymentDeps(), { now: minutesFromNow(60) });
    expect(about(order, t.outbox.messages())).toHaveLength(1);
    expect(await rowsOf(order)).toMatchObject([{ status: 'sent', attempts: 2, lastError: null }]);
  });

  it('gives up after the last retry, logs it, and prunes it with the sent ones after the days kept', async () => {
    t.refuseMessages(true);
    const refused = await placeCashOrder();
    t.refuseMessages(false);
    const sent = await placeCashOrder();
    t.refuseMessages(true);
    await t.messagesSent();
    let minutes = 0;
    for (const delay of RETRY_DELAYS_MINUTES) {
      minutes += delay;
      await runOrderHousekeeping(t.paymentDeps(), { now: minutesFromNow(minutes) });
    }
    expect(await rowsOf(refused)).toMatchObject([{ status: 'failed', attempts: MAX_ATTEMPTS }]);
    expect(logged.filter((line) => line.includes('order message failed: not sent after the last attempt') && line.includes(refused._id))).toHaveLength(1);

    t.refuseMessages(false);
    await runOrderHousekeeping(t.paymentDeps(), { now: minutesFromNow(minutes + 60) });
    expect(about(refused, t.outbox.messages())).toEqual([]);

    await runOrderHousekeeping(t.paymentDeps(), { now: minutesFromNow((KEEP_DAYS - 1) * 24 * 60) });
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(customerMessages)).toEqual([{ n: 2 }]);
    await runOrderHousekeeping(t.paymentDeps(), { now: minutesFromNow((KEEP_DAYS + 1) * 24 * 60) });
    expect([...(await rowsOf(refused)), ...(await rowsOf(sent))]).toEqual([]);
  });
});

describe('several processes and restarts', () => {
  it('never sends a message twice when two processes send at the same moment', async () => {
    t.refuseMessages(true);
    const placedOrders = [];
    for (let n = 0; n < 6; n += 1) placedOrders.push(await placeCashOrder());
    await t.messagesSent();
    t.refuseMessages(false);

    const other = await anotherProcess();
    const due = minutesFromNow(2);
    const runs = await Promise.all([
      runOrderHousekeeping(t.paymentDeps(), { now: due }),
      runOrderHousekeeping(other.paymentDeps(), { now: due }),
      t.app.orderMessages.sendDue(due),
      other.app.orderMessages.sendDue(due),
    ]);
    expect(runs).toHaveLength(4);
    const everything = [...t.outbox.messages(), ...other.outbox.messages()];
    for (const order of placedOrders) expect(about(order, everything)).toHaveLength(1);
    expect(await t.db.select().from(customerMessages).where(eq(customerMessages.status, 'sent'))).toHaveLength(placedOrders.length);
  });

  it('sends after a restart what the process before left: unsent, or claimed by a send that never finished', async () => {
    const before = await anotherProcess();
    before.refuseMessages(true);
    const refused = await placeCashOrder(before);
    await before.messagesSent();
    await before.close();
    others.splice(others.indexOf(before), 1);
    // A process that stopped mid-send: its claim stands until it runs out.
    const interrupted = await placeCashOrder();
    await t.db
      .update(customerMessages)
      .set({ status: 'queued', sentAt: null, claimedUntil: sql`now() + interval '5 minutes'` })
      .where(eq(customerMessages.orderId, interrupted._id));
    t.outbox.clear();

    const after = await anotherProcess();
    await runOrderHousekeeping(after.paymentDeps(), { now: minutesFromNow(2) });
    expect(about(refused, after.outbox.messages())).toHaveLength(1);
    expect(about(interrupted, after.outbox.messages())).toEqual([]);

    await t.db
      .update(customerMessages)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(and(eq(customerMessages.orderId, interrupted._id), eq(customerMessages.status, 'queued')));
    await runOrderHousekeeping(after.paymentDeps(), { now: minutesFromNow(2) });
    expect(about(interrupted, after.outbox.messages())).toHaveLength(1);
    expect(about(refused, after.outbox.messages())).toHaveLength(1);
  });
});
