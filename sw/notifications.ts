/// <reference lib="webworker" />
import type { PushPayload } from '../contract/push';

declare const self: ServiceWorkerGlobalScope;

const ICON = '/icons/icon-192.png';

/** `image` is shown by Chromium (a big picture under the text); the DOM's types leave it out. */
type ShownNotification = { title: string; options: NotificationOptions & { image?: string } };

/**
 * Only a page of this app is opened: a path, or an address on its own origin (a shown notification keeps the address
 * `notificationOf` made of the path), else the home page.
 */
export function appUrl(url: unknown, origin: string): string {
  if (typeof url !== 'string' || url.startsWith('//')) return `${origin}/`;
  if (!url.startsWith('/') && !url.startsWith(`${origin}/`)) return `${origin}/`;
  const resolved = new URL(url, origin);
  return resolved.origin === origin ? resolved.href : `${origin}/`;
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The notification a push shows: the server's payload (contract/push.ts). A browser requires one for every push, so
 * a payload that cannot be read still shows the app's name, opening the home page.
 */
export function notificationOf(data: { json(): unknown } | null, origin: string): ShownNotification {
  let payload: Partial<Record<keyof PushPayload, unknown>> = {};
  try {
    const parsed = data?.json();
    if (typeof parsed === 'object' && parsed !== null) payload = parsed;
  } catch {
    // Not JSON: the app's name alone.
  }
  const image = textOf(payload.image);
  const tag = textOf(payload.tag);
  return {
    title: textOf(payload.title) || 'haat',
    options: {
      body: textOf(payload.body),
      icon: ICON,
      ...(image.startsWith('https://') || image.startsWith(`${origin}/`) ? { image } : {}),
      // One notification per order: a newer one about it takes the older one's place.
      ...(tag && { tag, renotify: true }),
      data: { url: appUrl(payload.url, origin) },
    },
  };
}

/**
 * Brings the app to the front on `url`: a window of the app already open is focused and sent there, else a new one
 * opens. A window this worker does not control cannot be navigated; a new one opens instead.
 */
export async function openApp(clients: Clients, url: string, origin: string): Promise<void> {
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url === url) ?? windows.find((client) => new URL(client.url).origin === origin);
  if (open) {
    // Focusing needs the tap's allowance; without it (the tap was too long ago) the window is still sent there.
    const focused = await open.focus().catch(() => open);
    if (focused.url === url) return;
    const navigated = await focused.navigate(url).catch(() => null);
    if (navigated) return;
  }
  await clients.openWindow(url);
}

export function handleNotifications(): void {
  self.addEventListener('push', (event) => {
    const { title, options } = notificationOf(event.data, self.location.origin);
    event.waitUntil(self.registration.showNotification(title, options));
  });
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const { url } = (event.notification.data ?? {}) as { url?: unknown };
    event.waitUntil(openApp(self.clients, appUrl(url, self.location.origin), self.location.origin));
  });
}
