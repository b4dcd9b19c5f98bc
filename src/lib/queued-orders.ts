/**
 * Orders queued offline, shared by the page and the service worker (IndexedDB, which both reach), so that whichever
 * of them is running when the connection returns places a queued order, and only one of them does: each sender first
 * claims the entry in a read-write transaction (IndexedDB runs those one at a time across the page and the worker), and
 * the claim lasts CLAIM_MS, after which a sender that stopped mid-way is taken over. The order's Idempotency-Key is
 * the server's guarantee behind the claim: a repeated key is answered with the first order.
 *
 * Kept free of imports: the service worker bundles this file.
 */

/** The Background Sync tag the page registers and the worker answers. */
export const PLACE_QUEUED_ORDERS_TAG = 'place-queued-orders';

/** How long a claim holds: longer than one order's request, short enough that a stopped sender is soon replaced. */
export const CLAIM_MS = 60_000;

/** What the worker tells the shopper, written by the page in the shopper's language when it queued the order. */
export type QueuedOrderTexts = {
  /** `{number}` stands for the order's number. */
  placedTitle: string;
  placedBody: string;
  placedPayBody: string;
  refusedTitle: string;
  /**
   * The refusal's notification body: `{reason}` stands for the server's message, which is English; in another language
   * it sends the shopper to the app, which says the reason by the refusal's code. Absent in orders an older page queued.
   */
  refusedBody?: string;
};

/** The texts a queued order carries, from the order updates' texts in the shopper's language. */
export function queuedOrderTexts(text: {
  queuedPlacedTitle: string;
  queuedPlacedBody: string;
  queuedPlacedPayBody: string;
  queuedRefusedTitle: string;
  queuedRefusedBody: string;
}): QueuedOrderTexts {
  return {
    placedTitle: text.queuedPlacedTitle,
    placedBody: text.queuedPlacedBody,
    placedPayBody: text.queuedPlacedPayBody,
    refusedTitle: text.queuedRefusedTitle,
    refusedBody: text.queuedRefusedBody,
  };
}

/** Who may send it: the page or the service worker. */
export type Sender = 'page' | 'worker';

export type QueuedOrder = {
  idempotencyKey: string;
  /** The account it was placed by: the worker sends it only with that account's session. */
  userId: string;
  /** `POST /api/order/post-order`'s JSON body. */
  body: string;
  /** The request's headers (its Idempotency-Key), without the token, which the sender adds. */
  headers: Record<string, string>;
  locale: 'en' | 'bn';
  texts: QueuedOrderTexts;
  queuedAt: number;
  state: 'queued' | 'sending' | 'placed' | 'refused';
  claimedBy?: Sender;
  claimedUntil?: number;
  /** Once placed: the server's answer (`PlacedOrder`); once refused: its message, status, and the code and values the page translates it by. */
  placed?: unknown;
  refusal?: { message: string; status: number; code?: string; values?: (string | number)[] };
};

/** What a sender found when it asked for an entry. */
export type Claim =
  | { kind: 'yours'; order: QueuedOrder }
  | { kind: 'busy'; until: number }
  | { kind: 'placed'; order: QueuedOrder }
  | { kind: 'refused'; order: QueuedOrder }
  | { kind: 'none' };

/** Whether `sender` may take the entry now: queued, or claimed by a sender whose claim has run out. */
export function claimable(order: QueuedOrder, now: number): boolean {
  return order.state === 'queued' || (order.state === 'sending' && (order.claimedUntil ?? 0) <= now);
}

/** The entry after `sender` claimed it at `now`, or the reason it cannot (decided on the entry as stored). */
export function claimOf(order: QueuedOrder | undefined, sender: Sender, now: number): { claim: Claim; next?: QueuedOrder } {
  if (!order) return { claim: { kind: 'none' } };
  if (order.state === 'placed') return { claim: { kind: 'placed', order } };
  if (order.state === 'refused') return { claim: { kind: 'refused', order } };
  if (!claimable(order, now)) return { claim: { kind: 'busy', until: order.claimedUntil ?? now } };
  const next: QueuedOrder = { ...order, state: 'sending', claimedBy: sender, claimedUntil: now + CLAIM_MS };
  return { claim: { kind: 'yours', order: next }, next };
}

const DB_NAME = 'haat-queued-orders';
const STORE = 'orders';

function open(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'idempotencyKey' });
    request.onsuccess = () => resolve(request.result);
    // Storage turned off: the page's own replay is all there is.
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
}

/** Runs `work` in one read-write transaction and answers what it returned once the transaction has committed. */
async function inTransaction<T>(work: (store: IDBObjectStore, done: (value: T) => void) => void, fallback: T): Promise<T> {
  const db = await open();
  if (!db) return fallback;
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, 'readwrite');
      let result = fallback;
      transaction.oncomplete = () => resolve(result);
      transaction.onerror = () => reject(transaction.error ?? new Error('The queued orders could not be written'));
      transaction.onabort = () => reject(transaction.error ?? new Error('The queued orders could not be written'));
      work(transaction.objectStore(STORE), (value) => {
        result = value;
      });
    });
  } finally {
    db.close();
  }
}

export function saveQueuedOrder(order: QueuedOrder): Promise<void> {
  return inTransaction<void>((store) => void store.put(order), undefined);
}

export function queuedOrders(): Promise<QueuedOrder[]> {
  return inTransaction<QueuedOrder[]>((store, done) => {
    const request = store.getAll();
    request.onsuccess = () => done(request.result as QueuedOrder[]);
  }, []);
}

/** Claims the entry for `sender`, read and written in one transaction so two senders never both get it. */
export function claimQueuedOrder(idempotencyKey: string, sender: Sender, now = Date.now()): Promise<Claim> {
  return inTransaction<Claim>(
    (store, done) => {
      const request = store.get(idempotencyKey);
      request.onsuccess = () => {
        const { claim, next } = claimOf(request.result as QueuedOrder | undefined, sender, now);
        if (next) store.put(next);
        done(claim);
      };
    },
    { kind: 'none' },
  );
}

/** Changes the entry only while `sender` still holds its claim. */
function updateClaimed(idempotencyKey: string, sender: Sender, change: (order: QueuedOrder) => QueuedOrder | null): Promise<void> {
  return inTransaction<void>((store) => {
    const request = store.get(idempotencyKey);
    request.onsuccess = () => {
      const order = request.result as QueuedOrder | undefined;
      if (!order || order.state !== 'sending' || order.claimedBy !== sender) return;
      const next = change(order);
      if (next) store.put(next);
      else store.delete(idempotencyKey);
    };
  }, undefined);
}

/** The request did not reach the server: the entry waits again, for whichever sender comes next. */
export const releaseQueuedOrder = (idempotencyKey: string, sender: Sender) =>
  updateClaimed(idempotencyKey, sender, (order) => ({ ...order, state: 'queued', claimedBy: undefined, claimedUntil: undefined }));

/** The server answered: kept until the page, which holds the order's own queued action, has taken the outcome. */
export const settleQueuedOrder = (idempotencyKey: string, sender: Sender, outcome: Pick<QueuedOrder, 'placed'> | Pick<QueuedOrder, 'refusal'>) =>
  updateClaimed(idempotencyKey, sender, (order) => ({ ...order, ...outcome, state: 'placed' in outcome ? 'placed' : 'refused' }));

export function removeQueuedOrder(idempotencyKey: string): Promise<void> {
  return inTransaction<void>((store) => void store.delete(idempotencyKey), undefined);
}

/** At sign-out: nothing queued by this account is placed afterwards. */
export function clearQueuedOrders(): Promise<void> {
  return inTransaction<void>((store) => void store.clear(), undefined);
}
