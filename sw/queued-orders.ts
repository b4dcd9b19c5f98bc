/// <reference lib="webworker" />
import { orderNumber } from '../contract/order-number';
import {
  claimable,
  claimQueuedOrder,
  PLACE_QUEUED_ORDERS_TAG,
  queuedOrders,
  releaseQueuedOrder,
  settleQueuedOrder,
  type QueuedOrder,
} from '../src/lib/queued-orders';

declare const self: ServiceWorkerGlobalScope;

type SyncEvent = ExtendableEvent & { tag: string; lastChance: boolean };

export type QueuedOrderSender = {
  fetch: typeof fetch;
  /** Tells the shopper the outcome; not called while a window of the app is on screen (the page tells it there). */
  notify: (title: string, options: NotificationOptions) => Promise<void>;
  now: () => number;
};

const ICON = '/icons/icon-192.png';

/** A placed order's answer, as far as the notification needs it. */
type Placed = { order: { _id: string }; url?: string };

/** The `sub` of an access token (its payload is plain base64url JSON); checked only to match the queued order's account. */
function subjectOf(token: string): string | undefined {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return (JSON.parse(json) as { sub?: string }).sub;
  } catch {
    return undefined;
  }
}

/**
 * An access token for `userId`, from the refresh cookie (the page keeps its token in localStorage, which a worker
 * cannot read): `null` when the session has ended or belongs to another account now. Throws on a network failure.
 */
async function accessToken(sender: QueuedOrderSender, userId: string): Promise<string | null> {
  const res = await sender.fetch('/api/user/refresh-token', { method: 'POST', credentials: 'include', headers: { Accept: 'application/json' } });
  if (!res.ok) return null;
  const json = (await res.json().catch(() => null)) as { data?: unknown } | null;
  const token = typeof json?.data === 'string' ? json.data : null;
  return token && subjectOf(token) === userId ? token : null;
}

function placedNotice(order: QueuedOrder, placed: Placed): [string, NotificationOptions] {
  const number = orderNumber(placed.order._id);
  return [
    order.texts.placedTitle.replace('{number}', number),
    {
      body: placed.url ? order.texts.placedPayBody : order.texts.placedBody,
      icon: ICON,
      tag: `order-${placed.order._id}`,
      data: { url: `/user/my-orders?order=${placed.order._id}` },
    },
  ];
}

function refusedNotice(order: QueuedOrder, message: string): [string, NotificationOptions] {
  const body = order.texts.refusedBody?.replace('{reason}', message) ?? message;
  return [order.texts.refusedTitle, { body, icon: ICON, tag: `queued-order-${order.idempotencyKey}`, data: { url: '/user/my-orders' } }];
}

/** What became of one claimed order: settled (placed or refused), or left for later. */
async function send(order: QueuedOrder, token: string, sender: QueuedOrderSender): Promise<'settled' | 'later' | 'session'> {
  let res: Response;
  try {
    res = await sender.fetch('/api/order/post-order', {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...order.headers, Authorization: `Bearer ${token}` },
      body: order.body,
    });
  } catch {
    return 'later';
  }
  const json = (await res.json().catch(() => null)) as { success?: boolean; data?: unknown; message?: unknown; code?: unknown; values?: unknown } | null;
  if (res.ok && json?.success) {
    const placed = json.data as Placed;
    await settleQueuedOrder(order.idempotencyKey, 'worker', { placed });
    await sender.notify(...placedNotice(order, placed));
    return 'settled';
  }
  if (res.status === 401) return 'session';
  if (res.status >= 500 || res.status === 408 || res.status === 429) return 'later';
  const message = typeof json?.message === 'string' ? json.message : 'Request failed';
  const code = typeof json?.code === 'string' ? json.code : undefined;
  const values = Array.isArray(json?.values) ? (json.values as (string | number)[]) : undefined;
  await settleQueuedOrder(order.idempotencyKey, 'worker', { refusal: { message, status: res.status, code, values } });
  await sender.notify(...refusedNotice(order, message));
  return 'settled';
}

/**
 * Places every queued order no sender holds, each under its claim and with its Idempotency-Key. An order without a
 * session to send it with is left to the page (which asks the shopper to sign in); one that met a network failure or
 * a server error is left queued, and the promise rejects so the browser fires the sync again later.
 */
export async function placeQueuedOrders(sender: QueuedOrderSender): Promise<void> {
  const tokens = new Map<string, string | null>();
  let tryAgain = false;
  for (const waiting of await queuedOrders()) {
    if (!claimable(waiting, sender.now())) continue;
    const claim = await claimQueuedOrder(waiting.idempotencyKey, 'worker', sender.now());
    if (claim.kind !== 'yours') continue;
    const order = claim.order;
    let outcome: Awaited<ReturnType<typeof send>>;
    try {
      if (!tokens.has(order.userId)) tokens.set(order.userId, await accessToken(sender, order.userId));
      const token = tokens.get(order.userId);
      outcome = token ? await send(order, token, sender) : 'session';
    } catch {
      outcome = 'later';
    }
    if (outcome !== 'settled') await releaseQueuedOrder(order.idempotencyKey, 'worker');
    if (outcome === 'later') tryAgain = true;
  }
  if (tryAgain) throw new Error('Some queued orders could not be sent yet');
}

async function appOnScreen(): Promise<boolean> {
  const windows = await self.clients.matchAll({ type: 'window' });
  return windows.some((client) => client.visibilityState === 'visible');
}

/** Background Sync (Chromium): orders queued offline are placed when the connection returns, also with the app closed. */
export function handleQueuedOrders(): void {
  self.addEventListener('sync', (event: Event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== PLACE_QUEUED_ORDERS_TAG) return;
    sync.waitUntil(
      placeQueuedOrders({
        fetch: (input, init) => fetch(input, init),
        notify: async (title, options) => {
          if (!(await appOnScreen())) await self.registration.showNotification(title, options);
        },
        now: () => Date.now(),
      }),
    );
  });
}
