import type { PlacedOrder } from '@contract/orders';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { apiMessageText } from '@/lib/api-message';
import { apiText } from '@/messages/api';
import type { Claim } from '@/lib/queued-orders';
import { placeOnce } from './background-sync';

const store = vi.hoisted(() => ({
  claims: [] as Claim[],
  removed: [] as string[],
  released: [] as string[],
}));
vi.mock('@/lib/queued-orders', () => ({
  PLACE_QUEUED_ORDERS_TAG: 'place-queued-orders',
  claimQueuedOrder: async () => store.claims.shift() ?? { kind: 'none' },
  removeQueuedOrder: async (key: string) => void store.removed.push(key),
  releaseQueuedOrder: async (key: string) => void store.released.push(key),
  saveQueuedOrder: async () => undefined,
}));

afterEach(() => {
  store.claims = [];
  store.removed = [];
  store.released = [];
});

const placed = { order: { _id: 'o1' } } as unknown as PlacedOrder;
const queuedEntry = { idempotencyKey: 'k-1' } as never;

describe("the page's replay of an order the service worker may have placed", () => {
  it('takes the order the worker placed without sending it again', async () => {
    store.claims = [{ kind: 'placed', order: { ...(queuedEntry as object), placed } as never }];
    const send = vi.fn(async () => placed);
    await expect(placeOnce('k-1', send)).resolves.toBe(placed);
    expect(send).not.toHaveBeenCalled();
    expect(store.removed).toEqual(['k-1']);
  });

  it("takes the worker's refusal as the order's failure", async () => {
    store.claims = [{ kind: 'refused', order: { refusal: { message: 'Out of stock', status: 409 } } as never }];
    const send = vi.fn(async () => placed);
    await expect(placeOnce('k-1', send)).rejects.toMatchObject({ message: 'Out of stock', status: 409 });
    expect(send).not.toHaveBeenCalled();
  });

  it("keeps the code of the worker's refusal, so the page says it in the shopper's language", async () => {
    store.claims = [
      {
        kind: 'refused',
        order: { refusal: { message: 'Nakshi kantha is out of stock', status: 409, code: 'outOfStock', values: ['Nakshi kantha'] } } as never,
      },
    ];
    const failure = await placeOnce(
      'k-1',
      vi.fn(async () => placed),
    ).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 409, code: 'outOfStock', values: ['Nakshi kantha'] });
    await apiText.load('bn');
    expect(apiMessageText(failure, 'fallback', 'bn')).toBe('Nakshi kantha স্টকে নেই');
    expect(apiMessageText(failure, 'fallback', 'en')).toBe('Nakshi kantha is out of stock');
  });

  it('waits while the worker sends it, then takes its outcome', async () => {
    store.claims = [
      { kind: 'busy', until: Date.now() },
      { kind: 'placed', order: { placed } as never },
    ];
    const send = vi.fn(async () => placed);
    await expect(placeOnce('k-1', send)).resolves.toBe(placed);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends it under its own claim, and lets it wait again when the connection dropped', async () => {
    store.claims = [{ kind: 'yours', order: queuedEntry }];
    await expect(placeOnce('k-1', async () => placed)).resolves.toBe(placed);
    expect(store.removed).toEqual(['k-1']);

    store.claims = [{ kind: 'yours', order: queuedEntry }];
    const lost = new ApiError('Network error', 0);
    await expect(placeOnce('k-1', async () => Promise.reject(lost))).rejects.toBe(lost);
    expect(store.released).toEqual(['k-1']);
  });

  it('simply sends an order never handed to the worker', async () => {
    const send = vi.fn(async () => placed);
    await expect(placeOnce('k-1', send)).resolves.toBe(placed);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
