import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@contract/catalogue';
import { readCart } from '@/lib/cart';
import { notify } from '@/lib/notify';
import { ok, stubApi } from '@/test/api';
import { listedProduct, signIn } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { WishlistPage } from './wishlist-page';

const GET = 'GET /api/wishlist/get-wishlist/u1';
const removeKey = (id: string) => `DELETE /api/wishlist/remove/u1/${id}`;

/** A wishlist held by a fake server: GET reads it, DELETE removes from it (or fails for the ids in `failing`). */
function fakeServer(initial: Product[], failing: Record<string, { status: number; message: string }> = {}) {
  let products = initial;
  const routes = {
    [GET]: () => ok({ products: products }),
    ...Object.fromEntries(
      initial.map((p) => [
        removeKey(p._id),
        () => {
          const failure = failing[p._id];
          if (failure) return { status: failure.status, body: { success: false, message: failure.message } };
          products = products.filter((item) => item._id !== p._id);
          return ok({ products: products });
        },
      ]),
    ),
  };
  return { spy: stubApi(routes), current: () => products };
}

const item = (name: string) => screen.getByRole('listitem', { name });

beforeEach(() => {
  signIn();
});

describe('WishlistPage states', () => {
  it('shows a skeleton, then the grid with counts and stock', async () => {
    fakeServer([listedProduct(1), listedProduct(2, { remainingProducts: 0 })]);
    await renderPage(<WishlistPage />, { at: '/wishlist' });

    expect(screen.getByRole('heading', { level: 1, name: 'My Wishlist' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading wishlist' })).toBeInTheDocument();
    expect(await screen.findByText('2 items saved')).toBeInTheDocument();
    expect(screen.getByLabelText('Select all (0/2)')).not.toBeChecked();
    expect(screen.getByRole('button', { name: /Remove Selected \(0\)/ })).toBeDisabled();
    expect(within(item('Product 1')).getByText('5 available')).toBeInTheDocument();
    const soldOut = item('Product 2');
    expect(within(soldOut).getByText('Out of Stock')).toBeInTheDocument();
    expect(within(soldOut).getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    expect(within(soldOut).getByRole('button', { name: 'Move to Cart' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products');
  });

  it('shows the empty state', async () => {
    fakeServer([]);
    await renderPage(<WishlistPage />, { at: '/wishlist' });
    expect(await screen.findByRole('heading', { name: 'Your wishlist is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/products');
  });

  it("says 'Connection Error' when the network fails, and Try Again reloads", async () => {
    let online = false;
    stubApi({ [GET]: () => (online ? ok({ products: [listedProduct(1)] }) : 'network-error') });
    await renderPage(<WishlistPage />, { at: '/wishlist' });

    const card = await screen.findByRole('alert');
    expect(within(card).getByRole('heading', { name: 'Connection Error' })).toBeInTheDocument();
    expect(within(card).getByText('Failed to load wishlist')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products');

    online = true;
    await userEvent.click(within(card).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('1 item saved')).toBeInTheDocument();
  });

  it("says 'Wishlist Unavailable' with the server's message when the server refuses", async () => {
    stubApi({ [GET]: { status: 500, body: { success: false, message: 'Database is down' } } });
    await renderPage(<WishlistPage />, { at: '/wishlist' });
    const card = await screen.findByRole('alert');
    expect(within(card).getByRole('heading', { name: 'Wishlist Unavailable' })).toBeInTheDocument();
    expect(within(card).getByText('Database is down')).toBeInTheDocument();
  });
});

describe('WishlistPage actions', () => {
  it('selects one, then all, and removes the selection', async () => {
    const server = fakeServer([listedProduct(1), listedProduct(2), listedProduct(3)]);
    const success = vi.spyOn(notify, 'success');
    await renderPage(<WishlistPage />, { at: '/wishlist' });
    await screen.findByText('3 items saved');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Product 2' }));
    expect(screen.getByLabelText('Select all (1/3)')).toHaveProperty('indeterminate', true);
    expect(screen.getByRole('button', { name: /Remove Selected \(1\)/ })).toBeEnabled();

    await userEvent.click(screen.getByLabelText('Select all (1/3)'));
    expect(screen.getByLabelText('Select all (3/3)')).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: /Remove Selected \(3\)/ }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('3 items removed from wishlist!'));
    expect(await screen.findByRole('heading', { name: 'Your wishlist is empty' })).toBeInTheDocument();
    expect(server.current()).toEqual([]);
  });

  it('keeps what failed to go, with one error toast', async () => {
    const server = fakeServer([listedProduct(1), listedProduct(2)], { p2: { status: 500, message: 'Boom' } });
    const error = vi.spyOn(notify, 'error');
    await renderPage(<WishlistPage />, { at: '/wishlist' });
    await screen.findByText('2 items saved');

    await userEvent.click(screen.getByLabelText('Select all (0/2)'));
    await userEvent.click(screen.getByRole('button', { name: /Remove Selected \(2\)/ }));

    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to remove some items'));
    expect(await screen.findByText('1 item saved')).toBeInTheDocument();
    expect(item('Product 2')).toBeInTheDocument();
    expect(server.current().map((p) => p._id)).toEqual(['p2']);
    // The one that stayed is still selected, so a second try is one click away.
    expect(screen.getByLabelText('Select all (1/1)')).toBeChecked();
  });

  it('removes one item, or shows the server message when it cannot', async () => {
    fakeServer([listedProduct(1), listedProduct(2)], { p2: { status: 404, message: 'Product not found' } });
    const success = vi.spyOn(notify, 'success');
    const error = vi.spyOn(notify, 'error');
    await renderPage(<WishlistPage />, { at: '/wishlist' });
    await screen.findByText('2 items saved');

    await userEvent.click(screen.getByRole('button', { name: 'Remove Product 1 from wishlist' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Item removed from wishlist!'));
    expect(await screen.findByText('1 item saved')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Product 2 from wishlist' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Product not found'));
    expect(item('Product 2')).toBeInTheDocument();
  });

  it('Move to Cart puts one unit in the cart and takes the item off the wishlist', async () => {
    const server = fakeServer([listedProduct(1, { productPrice: 450 }), listedProduct(2)]);
    const success = vi.spyOn(notify, 'success');
    await renderPage(<WishlistPage />, { at: '/wishlist' });
    await screen.findByText('2 items saved');

    await userEvent.click(within(item('Product 1')).getByRole('button', { name: 'Move to Cart' }));

    expect(success).toHaveBeenCalledWith('Added to cart!');
    expect(readCart()).toEqual([
      expect.objectContaining({
        productId: 'p1',
        quantity: 1,
        price: 450,
        subTotal: 450,
        maxStock: 5,
        productCategory: 'Fashion',
        OwnerName: 'Chattogram Traders',
      }),
    ]);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Product 1' })).not.toBeInTheDocument());
    expect(server.current().map((p) => p._id)).toEqual(['p2']);
  });

  it('Add to Cart adds one unit, merges, and stops at the stock', async () => {
    fakeServer([listedProduct(1, { remainingProducts: 2 })]);
    const success = vi.spyOn(notify, 'success');
    const error = vi.spyOn(notify, 'error');
    await renderPage(<WishlistPage />, { at: '/wishlist' });
    const add = within(await screen.findByRole('listitem', { name: 'Product 1' })).getByRole('button', { name: 'Add to Cart' });

    await userEvent.click(add);
    expect(success).toHaveBeenLastCalledWith('Added to cart!');
    await userEvent.click(add);
    expect(success).toHaveBeenLastCalledWith('Cart updated!');
    await userEvent.click(add);
    expect(error).toHaveBeenCalledWith('Only 2 items available in stock');
    expect(readCart()[0]?.quantity).toBe(2);
    // Adding to the cart leaves the wishlist alone.
    expect(item('Product 1')).toBeInTheDocument();
  });

  it('Share copies the product link', async () => {
    fakeServer([listedProduct(1)]);
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const success = vi.spyOn(notify, 'success');
    await renderPage(<WishlistPage />, { at: '/wishlist' });

    fireEvent.click(within(await screen.findByRole('listitem', { name: 'Product 1' })).getByRole('button', { name: 'Share' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Product link copied to clipboard!'));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/products/p1`);
  });

  it('Refresh reads the list again', async () => {
    const server = fakeServer([listedProduct(1)]);
    const success = vi.spyOn(notify, 'success');
    await renderPage(<WishlistPage />, { at: '/wishlist' });
    await screen.findByText('1 item saved');

    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Wishlist refreshed!'));
    expect(server.spy.mock.calls.filter(([url]) => url === '/api/wishlist/get-wishlist/u1')).toHaveLength(2);
  });
});
