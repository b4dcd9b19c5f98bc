import { describe, expect, it } from 'vitest';
import { CLAIM_MS, claimOf, type QueuedOrder } from './queued-orders';

const queued: QueuedOrder = {
  idempotencyKey: 'k-1',
  userId: 'u1',
  body: '{}',
  headers: { 'idempotency-key': 'k-1' },
  locale: 'en',
  texts: { placedTitle: 'Order #{number} placed', placedBody: 'b', placedPayBody: 'p', refusedTitle: 'r' },
  queuedAt: 0,
  state: 'queued',
};

describe('claiming a queued order', () => {
  it('gives a queued order to the first sender only, until its claim runs out', () => {
    const first = claimOf(queued, 'worker', 1000);
    expect(first.claim.kind).toBe('yours');
    expect(first.next).toMatchObject({ state: 'sending', claimedBy: 'worker', claimedUntil: 1000 + CLAIM_MS });

    const second = claimOf(first.next, 'page', 2000);
    expect(second).toEqual({ claim: { kind: 'busy', until: 1000 + CLAIM_MS } });
    expect(claimOf(first.next, 'worker', 2000).claim.kind).toBe('busy');

    // A sender that stopped mid-way is taken over once its claim has run out.
    const takeover = claimOf(first.next, 'page', 1000 + CLAIM_MS);
    expect(takeover.claim.kind).toBe('yours');
    expect(takeover.next).toMatchObject({ claimedBy: 'page' });
  });

  it('answers a settled order with its outcome, never as one to send', () => {
    const placed = { ...queued, state: 'placed' as const, placed: { order: { _id: 'o1' } } };
    expect(claimOf(placed, 'page', 0)).toEqual({ claim: { kind: 'placed', order: placed } });
    const refused = { ...queued, state: 'refused' as const, refusal: { message: 'Out of stock', status: 409 } };
    expect(claimOf(refused, 'page', 0)).toEqual({ claim: { kind: 'refused', order: refused } });
  });

  it('answers none for an order never handed to the worker', () => {
    expect(claimOf(undefined, 'page', 0)).toEqual({ claim: { kind: 'none' } });
  });
});
