import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCart, saveCart, type CartItem } from '@/lib/cart';
import { notify } from '@/lib/notify';
import { session } from '@/lib/session';
import { CartPage } from './cart-page';

function line(overrides: Partial<CartItem> = {}): CartItem {
  return {
    productId: 'p1',
    productName: 'Nakshi kantha',
    productCategory: 'Home',
    price: 1200,
    quantity: 1,
    subTotal: 1200,
    maxStock: 3,
    image: '/media/0123456789abcdef0123456789abcdef.jpg',
    color: 'red',
    size: 'L',
    OwnerId: 'o1',
    OwnerName: 'Rahim Traders',
    ...overrides,
  };
}

async function renderCart() {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const rootRoute = createRootRoute({ component: Outlet });
  const routes = [
    createRoute({ getParentRoute: () => rootRoute, path: '/cart', component: CartPage }),
    ...['/login', '/checkout', '/products', '/products/$id'].map((path) =>
      createRoute({ getParentRoute: () => rootRoute, path, component: () => <p>Page {path}</p> }),
    ),
  ];
  const router = createRouter({ routeTree: rootRoute.addChildren(routes), history: createMemoryHistory({ initialEntries: ['/cart'] }), scrollRestoration: false });
  await router.load();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const lineItem = (name: string) => screen.getByRole('listitem', { name });

afterEach(() => {
  session.logout();
  vi.restoreAllMocks();
});

describe('CartPage', () => {
  it('shows the empty state with a way to the products', async () => {
    await renderCart();
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');
  });

  it('lists lines with thumbnail, options and prices, and the subtotal', async () => {
    saveCart([line({ quantity: 2, subTotal: 2400 }), line({ productId: 'p2', productName: 'Gamchha', price: 250, color: undefined, size: undefined })]);
    await renderCart();

    const first = lineItem('Nakshi kantha');
    expect(within(first).getByRole('link', { name: 'Nakshi kantha' })).toHaveAttribute('href', '/products/p1');
    expect(within(first).getByText('Colour: red · Size: L')).toBeInTheDocument();
    expect(within(first).getByText('৳2,400')).toBeInTheDocument();
    const thumbnail = first.querySelector('img');
    expect(thumbnail).toHaveAttribute('width', '80');
    expect(thumbnail?.getAttribute('src')).toMatch(/\?w=(80|160)$/);
    expect(screen.getByText('Subtotal (3 items)')).toBeInTheDocument();
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('৳2,650');
  });

  it('changes quantity within 1 … stock, and removes a line', async () => {
    saveCart([line(), line({ productId: 'p2', productName: 'Gamchha', price: 250 })]);
    await renderCart();
    const stepper = within(lineItem('Nakshi kantha')).getByRole('group', { name: 'Quantity of Nakshi kantha' });

    expect(within(stepper).getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await userEvent.click(within(stepper).getByRole('button', { name: 'Increase quantity' }));
    await userEvent.click(within(stepper).getByRole('button', { name: 'Increase quantity' }));
    expect(within(stepper).getByRole('status')).toHaveTextContent('3');
    expect(within(stepper).getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    expect(readCart()[0]).toMatchObject({ quantity: 3, subTotal: 3600 });
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('৳3,850');

    await userEvent.click(within(lineItem('Gamchha')).getByRole('button', { name: 'Remove' }));
    expect(screen.queryByRole('listitem', { name: 'Gamchha' })).not.toBeInTheDocument();
    expect(readCart().map((item) => item.productId)).toEqual(['p1']);
  });

  it('follows a change made in another tab', async () => {
    await renderCart();
    act(() => {
      localStorage.setItem('cart', JSON.stringify([line()]));
      window.dispatchEvent(new StorageEvent('storage', { key: 'cart' }));
    });
    expect(lineItem('Nakshi kantha')).toBeInTheDocument();
  });

  it('signed out, Checkout toasts and goes to /login, coming back to /cart', async () => {
    saveCart([line()]);
    const error = vi.spyOn(notify, 'error');
    const router = await renderCart();

    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));

    expect(error).toHaveBeenCalledWith('Please Login to buy');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/cart' });
  });

  it('signed in, Checkout carries the items and subtotal in navigation state', async () => {
    session.setUser(
      { _id: 'u1', name: 'Customer', email: 'c@example.com', role: 'user', isEmailVerified: true, profileImg: null, phone: null, address: null, googleId: null },
      'token',
    );
    saveCart([line({ quantity: 2, subTotal: 2400 })]);
    const router = await renderCart();

    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(router.state.location.state).toMatchObject({ cartItems: [line({ quantity: 2, subTotal: 2400 })], subtotal: 2400 });
  });
});
