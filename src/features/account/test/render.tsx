import { createRoute, useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { PublicUser } from '@contract/auth';
import type { Order } from '@contract/orders';
import { session } from '@/lib/session';
import { destinationRoutes, renderInRouter } from '@/test/render-in-router';

/** Where a screen may send the shopper; /checkout shows what it was handed so a test can read it. */
function CheckoutProbe() {
  const state = useLocation({ select: (location) => location.state });
  return <pre data-testid="checkout-state">{JSON.stringify({ cartItems: state.cartItems, subtotal: state.subtotal })}</pre>;
}

/** Renders `screen` at `path` inside a real router (memory history) and a fresh query client. */
export async function renderScreen(path: string, screen: () => ReactNode) {
  return renderInRouter(
    (root) => [
      createRoute({ getParentRoute: () => root, path, component: screen }),
      createRoute({ getParentRoute: () => root, path: '/checkout', component: CheckoutProbe }),
      ...destinationRoutes(root, ['/login']),
    ],
    { at: path },
  );
}

type Reply = { status?: number; body: unknown };
type Handler = Reply | ((body: unknown) => Reply | Promise<Reply>);

/** Stubs `fetch` at the network edge: one answer per "METHOD /api/path"; anything else answers 404. */
export function stubApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const handler = handlers[key];
    const sent: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const reply = await (typeof handler === 'function' ? handler(sent) : (handler ?? { status: 404, body: { success: false, message: 'Not found' } }));
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const ok = (data: unknown): Reply => ({ body: { success: true, message: 'OK', data } });

export const CUSTOMER: PublicUser = {
  _id: 'cust-1',
  name: 'Rahim Uddin',
  email: 'rahim@example.com',
  role: 'user',
  isEmailVerified: true,
  profileImg: null,
  phone: '01712345678',
  address: 'House 1, Road 2, Dhanmondi',
  googleId: null,
};

export function signIn(user: PublicUser = CUSTOMER) {
  session.setUser(user, 'token-1');
}

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: 'order00000000000abc123',
    status: 'pending',
    paymentStatus: 'unpaid',
    paymentMethod: 'cash',
    totalPrice: 1560.4,
    deliveryFee: 60,
    subTotal: 1500.4,
    discount: 0,
    coupon: null,
    createdAt: new Date(2026, 10, 2, 12).toISOString(),
    items: [
      { productId: 'prod-1', productName: 'Cotton Panjabi', image: '/media/panjabi.jpg', quantity: 2, size: 'L', color: 'White', price: 600.2, subTotal: 1200.4 },
      { productId: 'prod-2', productName: 'Leather Sandal', image: null, quantity: 1, size: null, color: null, price: 300, subTotal: 300 },
    ],
    deliveryAddress: { division: 'Dhaka', district: 'Dhaka', city: 'Dhanmondi', addressDetails: 'House 1, Road 2' },
    phone: '01712345678',
    customerName: 'Rahim Uddin',
    customerEmail: 'rahim@example.com',
    customerId: 'cust-1',
    transaction_id: null,
    ...overrides,
  };
}
