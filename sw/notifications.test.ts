import { describe, expect, it, vi } from 'vitest';
import { appUrl, notificationOf, openApp } from './notifications';

const ORIGIN = 'https://haat.example';
const data = (value: unknown) => ({ json: () => value });

describe('notificationOf', () => {
  it("shows the server's title, text, picture and order page, one notification per order", () => {
    const shown = notificationOf(
      data({
        title: 'Order #A1 is on its way',
        body: 'Your order has left the shop.',
        image: `${ORIGIN}/media/abc.jpg?w=320`,
        url: '/user/my-orders?order=o1',
        tag: 'order-o1',
      }),
      ORIGIN,
    );
    expect(shown).toEqual({
      title: 'Order #A1 is on its way',
      options: {
        body: 'Your order has left the shop.',
        icon: '/icons/icon-192.png',
        image: `${ORIGIN}/media/abc.jpg?w=320`,
        tag: 'order-o1',
        renotify: true,
        data: { url: `${ORIGIN}/user/my-orders?order=o1` },
      },
    });
  });

  it("still shows the app's name for a payload it cannot read, opening the home page", () => {
    const unreadable = { json: () => JSON.parse('not json') as unknown };
    for (const payload of [unreadable, data(null), data('text'), null]) {
      expect(notificationOf(payload, ORIGIN)).toEqual({ title: 'haat', options: { body: '', icon: '/icons/icon-192.png', data: { url: `${ORIGIN}/` } } });
    }
  });

  it('leaves out a picture that is not https, and fields of the wrong type', () => {
    const shown = notificationOf(data({ title: 5, body: ['x'], image: 'http://tracker.example/p.gif', url: 7, tag: {} }), ORIGIN);
    expect(shown.options).toEqual({ body: '', icon: '/icons/icon-192.png', data: { url: `${ORIGIN}/` } });
  });
});

describe('appUrl', () => {
  it('opens paths of this app only', () => {
    expect(appUrl('/user/my-orders?order=o1', ORIGIN)).toBe(`${ORIGIN}/user/my-orders?order=o1`);
    expect(appUrl('//evil.example/x', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(appUrl('https://evil.example/x', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(appUrl('/\\evil.example', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(appUrl(undefined, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(appUrl(`${ORIGIN}.evil.example/x`, ORIGIN)).toBe(`${ORIGIN}/`);
  });

  it("opens the page a shown notification keeps: the address made of the payload's path", () => {
    const { options } = notificationOf(data({ url: '/user/my-orders?order=o1' }), ORIGIN);
    expect(appUrl((options.data as { url: string }).url, ORIGIN)).toBe(`${ORIGIN}/user/my-orders?order=o1`);
  });
});

/** A window of the app as `clients.matchAll` answers it. */
function appWindow(url: string, { controlled = true } = {}) {
  const client = {
    url,
    focus: vi.fn(async () => client),
    navigate: vi.fn(async (to: string) => (controlled ? { ...client, url: to } : Promise.reject(new TypeError('not controlled')))),
  };
  return client;
}

function clientsWith(windows: ReturnType<typeof appWindow>[]) {
  return { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null) };
}

const ORDER_PAGE = `${ORIGIN}/user/my-orders?order=o1`;

describe('openApp', () => {
  it("focuses an open window of the app and takes it to the order's page", async () => {
    const open = appWindow(`${ORIGIN}/products`);
    const clients = clientsWith([appWindow('https://other.example/'), open]);
    await openApp(clients as unknown as Clients, ORDER_PAGE, ORIGIN);
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith(ORDER_PAGE);
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('only focuses a window already on that page', async () => {
    const other = appWindow(`${ORIGIN}/products`);
    const there = appWindow(ORDER_PAGE);
    const clients = clientsWith([other, there]);
    await openApp(clients as unknown as Clients, ORDER_PAGE, ORIGIN);
    expect(there.focus).toHaveBeenCalled();
    expect(there.navigate).not.toHaveBeenCalled();
    expect(other.focus).not.toHaveBeenCalled();
  });

  it('still takes the open window to the page when the browser refuses to focus it', async () => {
    const open = appWindow(`${ORIGIN}/products`);
    open.focus.mockRejectedValueOnce(new DOMException('Not allowed to focus a window.', 'InvalidAccessError'));
    const clients = clientsWith([open]);
    await openApp(clients as unknown as Clients, ORDER_PAGE, ORIGIN);
    expect(open.navigate).toHaveBeenCalledWith(ORDER_PAGE);
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window when none of the app is open, or the open one cannot be navigated', async () => {
    const none = clientsWith([appWindow('https://other.example/')]);
    await openApp(none as unknown as Clients, ORDER_PAGE, ORIGIN);
    expect(none.openWindow).toHaveBeenCalledWith(ORDER_PAGE);

    const uncontrolled = clientsWith([appWindow(`${ORIGIN}/`, { controlled: false })]);
    await openApp(uncontrolled as unknown as Clients, ORDER_PAGE, ORIGIN);
    expect(uncontrolled.openWindow).toHaveBeenCalledWith(ORDER_PAGE);
  });
});
