import { MutationObserver, onlineManager, QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { readCart, saveCart, type CartItem } from '@/lib/cart';
import { notify } from '@/lib/notify';
import { session } from '@/lib/session';
import { PLACE_ORDER_MUTATION_KEY } from '@/lib/place-order-key';
import { cartLine, signIn } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { CartPage } from './cart-page';

const line = (overrides: Partial<CartItem> = {}) => cartLine({ color: 'red', size: 'L', ...overrides });

async function renderCart() {
  const { router } = await renderPage(<CartPage />, { at: '/cart' });
  return router;
}

const lineItem = (name: string) => screen.getByRole('listitem', { name });

/** Goes offline and places an order of `items`, which waits for the connection (the test goes back online). */
function orderWaitingOffline(items: CartItem[]): QueryClient {
  onlineManager.setOnline(false);
  const queryClient = new QueryClient();
  void new MutationObserver<unknown, Error, unknown>(queryClient, {
    mutationKey: PLACE_ORDER_MUTATION_KEY,
    networkMode: 'online',
    mutationFn: async () => ({}),
  })
    .mutate({ idempotencyKey: 'key-1', from: 'cart', payload: { customerId: 'u1', deliveryFee: 60, items } })
    .catch(() => {});
  return queryClient;
}

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

  it('shows a unit price with its poisha, so price × quantity is the line total shown', async () => {
    saveCart([line({ price: 937.5, quantity: 2, subTotal: 1875 })]);
    await renderCart();
    const item = lineItem('Nakshi kantha');
    expect(within(item).getByText('৳937.50')).toBeInTheDocument();
    expect(within(item).getByText('৳1,875')).toBeInTheDocument();
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

  it('signed in, Checkout carries the items in navigation state', async () => {
    session.setUser(
      {
        _id: 'u1',
        name: 'Customer',
        email: 'c@example.com',
        role: 'user',
        isEmailVerified: true,
        profileImg: null,
        phone: null,
        address: null,
        googleId: null,
      },
      'token',
    );
    saveCart([line({ quantity: 2, subTotal: 2400 })]);
    const router = await renderCart();

    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(router.state.location.state).toMatchObject({ cartItems: [line({ quantity: 2, subTotal: 2400 })], from: 'cart' });
  });

  it('marks the lines of an order waiting for connection and leaves them out of another checkout', async () => {
    signIn();
    const ordered = line({ quantity: 2, subTotal: 2400 });
    const other = line({ productId: 'p2', productName: 'Gamchha', price: 250, subTotal: 250 });
    saveCart([ordered, other]);
    const queryClient = orderWaitingOffline([ordered]);
    try {
      const { router } = await renderPage(<CartPage />, { at: '/cart', queryClient });
      expect(await within(lineItem('Nakshi kantha')).findByText('In an order waiting for connection')).toBeInTheDocument();
      expect(within(lineItem('Gamchha')).queryByText('In an order waiting for connection')).not.toBeInTheDocument();
      expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('৳250');

      await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
      expect(router.state.location.state).toMatchObject({ cartItems: [other], from: 'cart' });
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('offers no checkout when every line is in an order waiting for connection', async () => {
    signIn();
    const ordered = line();
    saveCart([ordered]);
    const queryClient = orderWaitingOffline([ordered]);
    try {
      await renderPage(<CartPage />, { at: '/cart', queryClient });
      expect(await screen.findByText(/Every line is in an order waiting for connection/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
