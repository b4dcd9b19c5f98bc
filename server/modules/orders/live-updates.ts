import { and, eq, gt, inArray } from 'drizzle-orm';
import type { ChangeFeed } from '../../cluster/change-feed';
import type { Db } from '../../db/client';
import { orderEvents, orders } from '../../db/schema';

/** Streams one account may hold open on one process: a few tabs and devices. */
export const MAX_STREAMS_PER_ACCOUNT = 5;
/** Streams one process holds open in all. */
export const MAX_STREAMS = 1_000;
/**
 * How far back each check reads an order's history: a change is stamped when its transaction began and is seen once
 * it commits, so a check reads past its last one by this much (each change is told once all the same).
 */
export const LOOKBACK_MS = 30_000;

/** What an open page is told: which of the customer's orders changed, and to what. */
export type OrderUpdate = { orderId: string; kind: (typeof orderEvents.$inferSelect)['kind']; to: string };

type Listener = (update: OrderUpdate) => void;

export type Opened = { kind: 'open'; close: () => void } | { kind: 'account-full' } | { kind: 'full' };

export type OrderUpdates = {
  /** Tells `listener` each change to `customerId`'s orders from now on, within the limits. */
  open(customerId: string, listener: Listener): Opened;
  /** Streams open now, on this process. */
  openCount(): number;
  /** Reads the changes now (the change feed calls it after every write, here or on another process). */
  check(): Promise<void>;
};

/**
 * The changes to the orders of the customers with a stream open here, read from the orders' history each time the
 * change feed says something changed, on this process or another: a status change made anywhere reaches the page
 * that waits for it. One read at a time, and one more after it, however many writes come meanwhile.
 */
export function orderUpdates(db: Db, changes: Pick<ChangeFeed, 'onChange'>, onError: (error: unknown) => void, now: () => number = Date.now): OrderUpdates {
  const listeners = new Map<string, Set<Listener>>();
  let open = 0;
  /** The history read so far: event id → when it was read, kept for twice the look-back so none is told twice. */
  const told = new Map<string, number>();
  let readFrom = now();
  let checking: Promise<void> | null = null;
  let again = false;

  const readChanges = async () => {
    const startedAt = now();
    const customers = [...listeners.keys()];
    if (customers.length === 0) return;
    const rows = await db
      .select({ id: orderEvents.id, orderId: orderEvents.orderId, kind: orderEvents.kind, to: orderEvents.toValue, customerId: orders.customerId })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(and(inArray(orders.customerId, customers), gt(orderEvents.createdAt, new Date(readFrom - LOOKBACK_MS))));
    for (const row of rows) {
      if (told.has(row.id) || !row.customerId) continue;
      told.set(row.id, startedAt);
      const update: OrderUpdate = { orderId: row.orderId, kind: row.kind, to: row.to };
      listeners.get(row.customerId)?.forEach((listener) => listener(update));
    }
    readFrom = startedAt;
    for (const [id, at] of told) if (at < startedAt - 2 * LOOKBACK_MS) told.delete(id);
  };

  const check = (): Promise<void> => {
    if (checking) {
      again = true;
      return checking;
    }
    checking = (async () => {
      try {
        do {
          again = false;
          await readChanges().catch(onError);
        } while (again);
      } finally {
        checking = null;
      }
    })();
    return checking;
  };

  changes.onChange(() => {
    if (open > 0) void check();
  });

  return {
    open(customerId, listener) {
      const own = listeners.get(customerId);
      if ((own?.size ?? 0) >= MAX_STREAMS_PER_ACCOUNT) return { kind: 'account-full' };
      if (open >= MAX_STREAMS) return { kind: 'full' };
      // The first stream of all starts the reading from now: nothing before it is news to anyone.
      if (open === 0) readFrom = now();
      const set = own ?? new Set<Listener>();
      set.add(listener);
      listeners.set(customerId, set);
      open += 1;
      let closed = false;
      return {
        kind: 'open',
        close: () => {
          if (closed) return;
          closed = true;
          open -= 1;
          set.delete(listener);
          if (set.size === 0) listeners.delete(customerId);
        },
      };
    },
    openCount: () => open,
    check,
  };
}
