import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useShop } from '../../test/harness';
import { MAX_STREAMS_PER_ACCOUNT, type OrderUpdate } from './live-updates';
import { orderPayload, placed, postOrder, stockShop, type StockedShop } from './test-fixtures';

const t = useShop({ people: true });
let shop: StockedShop;
let baseUrl: string;
beforeAll(async () => {
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
beforeEach(async () => {
  shop = await stockShop(t);
});
// Runs before the app closes: the test's client keeps its finished connections alive, which would hold the close.
afterAll(() => t.app.server.closeAllConnections());

type Stream = { status: number; updates: OrderUpdate[]; close: () => void };
const open: Stream[] = [];
afterEach(() => open.splice(0).forEach((stream) => stream.close()));

/** Opens `GET /api/order/events` over real HTTP and collects its `order` events as they arrive. */
async function openStream(headers: Record<string, string>): Promise<Stream> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/order/events`, { headers, signal: abort.signal });
  const stream: Stream = { status: res.status, updates: [], close: () => abort.abort() };
  open.push(stream);
  if (res.status !== 200 || !res.body) {
    await res.body?.cancel();
    return stream;
  }
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let text = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += value;
        for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
          const lines = text.slice(0, end).split('\n');
          text = text.slice(end + 2);
          const data = lines.find((line) => line.startsWith('data: '));
          if (lines.includes('event: order') && data) stream.updates.push(JSON.parse(data.slice('data: '.length)) as OrderUpdate);
        }
      }
    } catch {
      // Closed by the test.
    }
  })();
  return stream;
}

async function placeFor(customer: StockedShop['alice']) {
  const res = await postOrder(t, customer.headers, orderPayload(customer, { items: [{ productId: shop.tea.id, quantity: 1 }] }));
  expect(res.statusCode).toBe(201);
  return placed(res).order._id;
}

const moveTo = (orderId: string, status: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/order/update-status/${orderId}`, headers: shop.admin.headers, payload: { status } });

describe('GET /api/order/events', () => {
  it("tells a customer's open stream each change to their own orders, and nothing of another customer's", async () => {
    const alicesOrder = await placeFor(shop.alice);
    const bobsOrder = await placeFor(shop.bob);
    const alice = await openStream(shop.alice.headers);
    expect(alice.status).toBe(200);

    expect((await moveTo(bobsOrder, 'processing')).statusCode).toBe(200);
    expect((await moveTo(alicesOrder, 'processing')).statusCode).toBe(200);
    await expect.poll(() => alice.updates.filter((update) => update.to === 'processing')).toEqual([{ orderId: alicesOrder, kind: 'status', to: 'processing' }]);
    expect((await moveTo(alicesOrder, 'shipped')).statusCode).toBe(200);
    await expect.poll(() => alice.updates.some((update) => update.orderId === alicesOrder && update.to === 'shipped')).toBe(true);

    // Bob's changes never reach Alice, and none of hers is told twice.
    expect(alice.updates.filter((update) => update.orderId === bobsOrder)).toEqual([]);
    const told = alice.updates.map((update) => `${update.kind}:${update.to}`);
    expect(new Set(told).size).toBe(told.length);
  });

  it('answers 401 without a session', async () => {
    expect((await openStream({})).status).toBe(401);
    expect((await openStream({ authorization: 'Bearer not-a-token' })).status).toBe(401);
  });

  it(`holds at most ${MAX_STREAMS_PER_ACCOUNT} streams open per account, another account unaffected; a closed one frees its place`, async () => {
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_ACCOUNT; i += 1) streams.push(await openStream(shop.alice.headers));
    expect(streams.map((stream) => stream.status)).toEqual(Array(MAX_STREAMS_PER_ACCOUNT).fill(200));

    const refused = await fetch(`${baseUrl}/api/order/events`, { headers: shop.alice.headers });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Order updates are open in too many windows of this account. Close one and try again.',
    );
    expect((await openStream(shop.bob.headers)).status).toBe(200);

    streams[0]!.close();
    await expect.poll(async () => (await openStream(shop.alice.headers)).status).toBe(200);
  });
});
