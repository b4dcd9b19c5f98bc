import { afterEach, describe, expect, it, vi } from 'vitest';
import { queuedOrderTexts, type QueuedOrder } from '../src/lib/queued-orders';
import englishTexts from '../src/messages/order-updates/en';
import banglaTexts from '../src/messages/order-updates/bn';
import { placeQueuedOrders, type QueuedOrderSender } from './queued-orders';

const store = vi.hoisted(() => ({ orders: [] as QueuedOrder[], settled: [] as { key: string; outcome: object }[] }));
vi.mock('../src/lib/queued-orders', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  queuedOrders: async () => store.orders,
  claimQueuedOrder: async (key: string) => ({ kind: 'yours', order: store.orders.find((order) => order.idempotencyKey === key) }),
  settleQueuedOrder: async (key: string, _sender: string, outcome: object) => void store.settled.push({ key, outcome }),
  releaseQueuedOrder: async () => undefined,
}));

afterEach(() => {
  store.orders = [];
  store.settled = [];
});

/** An access token for account u1 (only its `sub` is read). */
const TOKEN = `h.${btoa(JSON.stringify({ sub: 'u1' })).replace(/=+$/, '')}.s`;
const REFUSAL = { success: false, message: 'Nakshi kantha is out of stock', code: 'outOfStock', values: ['Nakshi kantha'] };

function queued(locale: 'en' | 'bn'): QueuedOrder {
  return {
    idempotencyKey: `k-${locale}`,
    userId: 'u1',
    body: '{}',
    headers: {},
    locale,
    texts: queuedOrderTexts(locale === 'bn' ? banglaTexts : englishTexts),
    queuedAt: 0,
    state: 'queued',
  };
}

/** A server that refuses the order as out of stock, and a notifier that records what it would show. */
function refusingServer() {
  const shown: { title: string; body?: string }[] = [];
  const sender: QueuedOrderSender = {
    fetch: async (input) =>
      String(input).endsWith('/refresh-token') ? Response.json({ success: true, data: TOKEN }) : Response.json(REFUSAL, { status: 409 }),
    notify: async (title, options) => void shown.push({ title, body: options.body }),
    now: () => 1000,
  };
  return { sender, shown };
}

describe("the service worker's word on a queued order the server refuses", () => {
  it("tells a shopper in Bangla in Bangla, and keeps the refusal's code for the page to say the reason", async () => {
    store.orders = [queued('bn')];
    const { sender, shown } = refusingServer();
    await placeQueuedOrders(sender);
    expect(shown).toEqual([{ title: 'আপনার অর্ডারটি দেওয়া যায়নি', body: 'কারণ জানতে হাট খুলুন।' }]);
    expect(store.settled).toEqual([
      { key: 'k-bn', outcome: { refusal: { message: REFUSAL.message, status: 409, code: 'outOfStock', values: ['Nakshi kantha'] } } },
    ]);
  });

  it("tells a shopper in English the server's own reason", async () => {
    store.orders = [queued('en')];
    const { sender, shown } = refusingServer();
    await placeQueuedOrders(sender);
    expect(shown).toEqual([{ title: 'Your order could not be placed', body: 'Nakshi kantha is out of stock' }]);
  });
});
