import { act, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Product } from '@contract/catalogue';
import { notify } from '@/lib/notify';
import { type FetchMock, ok, requestsMade, stubApi } from '@/test/api';
import { CUSTOMER, listedProduct, signIn } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { wishlistKeys } from '../api';
import { WishlistHeart } from './wishlist-heart';

const GET = 'GET /api/wishlist/get-wishlist/u1';
const ADD = 'POST /api/wishlist/add-to-wishlist/u1';
const REMOVE = 'DELETE /api/wishlist/remove/u1/p1';

describe('WishlistHeart', () => {
  it('signed out: toasts and goes to /login remembering the page', async () => {
    const fetchSpy = stubApi({});
    const error = vi.spyOn(notify, 'error');
    const { router } = await renderPage(<WishlistHeart product={listedProduct(1)} />, { at: '/products/p1?tab=reviews' });

    const heart = screen.getByRole('button', { name: 'Add to wishlist' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(heart);

    expect(error).toHaveBeenCalledWith('Please login to manage your wishlist');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/products/p1?tab=reviews' });
    // No user, no wishlist call.
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('reflects a saved product and removes it', async () => {
    signIn();
    const fetchSpy = stubApi({ [GET]: ok({ products: [listedProduct(1)] }), [REMOVE]: ok({ products: [] }) });
    const success = vi.spyOn(notify, 'success');
    await renderPage(<WishlistHeart product={listedProduct(1)} />, { at: '/products/p1' });

    const heart = await screen.findByRole('button', { name: 'Remove from wishlist' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(heart);

    await waitFor(() => expect(success).toHaveBeenCalledWith('Removed from wishlist!'));
    expect(screen.getByRole('button', { name: 'Add to wishlist' })).toHaveAttribute('aria-pressed', 'false');
    const removal = fetchSpy.mock.calls.find(([url, init]) => url === '/api/wishlist/remove/u1/p1' && init?.method === 'DELETE');
    expect(removal?.[1]?.headers).toMatchObject({ Authorization: 'Bearer token-u1' });
  });

  it('adds a product, sending its id, and shows it pressed at once', async () => {
    signIn();
    let release: () => void = () => {};
    const sent: unknown[] = [];
    stubApi({
      [GET]: ok({ products: [] }),
      [ADD]: async (body) => {
        sent.push(body);
        await new Promise<void>((resolve) => (release = resolve));
        return ok({ products: [listedProduct(1)] });
      },
    });
    const success = vi.spyOn(notify, 'success');
    await renderPage(<WishlistHeart product={listedProduct(1)} />, { at: '/products/p1' });

    await waitFor(() => expect(screen.getByRole('button', { name: 'Add to wishlist' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));

    // Optimistic: pressed before the server has answered.
    expect(await screen.findByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute('aria-pressed', 'true');
    expect(success).not.toHaveBeenCalled();
    release();
    await waitFor(() => expect(success).toHaveBeenCalledWith('Added to wishlist!'));
    expect(sent).toEqual([{ productId: 'p1' }]);
    expect(screen.getByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('on a network failure: toasts and goes back to how it was', async () => {
    signIn();
    stubApi({ [GET]: ok({ products: [] }), [ADD]: 'network-error' });
    const error = vi.spyOn(notify, 'error');
    await renderPage(<WishlistHeart product={listedProduct(1)} />, { at: '/products/p1' });

    await userEvent.click(await screen.findByRole('button', { name: 'Add to wishlist' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to update wishlist'));
    expect(screen.getByRole('button', { name: 'Add to wishlist' })).toHaveAttribute('aria-pressed', 'false');
  });

  it("says 'User not found' when the session has no user id", async () => {
    signIn({ ...CUSTOMER, _id: '' });
    const fetchSpy = stubApi({});
    const error = vi.spyOn(notify, 'error');
    const { router } = await renderPage(<WishlistHeart product={listedProduct(1)} />, { at: '/products/p1' });

    await userEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));

    expect(error).toHaveBeenCalledWith('User not found');
    expect(router.state.location.pathname).toBe('/products/p1');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  describe('offline', () => {
    const wishlistCalls = (fetchSpy: FetchMock) =>
      requestsMade(fetchSpy)
        .map((request) => request.route)
        .filter((route) => route !== GET);

    it('shows the change at once, in the heart and the cached list, sends nothing, then sends it once back online', async () => {
      signIn();
      let saved: Product[] = [];
      const fetchSpy = stubApi({
        [GET]: () => ok({ products: saved }),
        [ADD]: () => {
          saved = [listedProduct(1)];
          return ok({ products: saved });
        },
      });
      const success = vi.spyOn(notify, 'success');
      const { queryClient } = await renderPage(<WishlistHeart product={listedProduct(1)} />, { at: '/products/p1' });
      await waitFor(() => expect(queryClient.getQueryData(wishlistKeys.of('u1'))).toEqual([]));

      act(() => onlineManager.setOnline(false));
      await userEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));

      expect(await screen.findByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute('aria-pressed', 'true');
      expect(queryClient.getQueryData(wishlistKeys.of('u1'))).toEqual([listedProduct(1)]);
      const queued = queryClient.getMutationCache().findAll({ mutationKey: wishlistKeys.change });
      expect(queued.map((m) => [m.state.status, m.state.isPaused, m.state.variables])).toEqual([
        ['pending', true, { customerId: 'u1', product: listedProduct(1), add: true }],
      ]);
      expect(wishlistCalls(fetchSpy)).toEqual([]);

      act(() => onlineManager.setOnline(true));

      await waitFor(() => expect(success).toHaveBeenCalledWith('Added to wishlist!'));
      expect(wishlistCalls(fetchSpy)).toEqual(['POST /api/wishlist/add-to-wishlist/u1']);
      expect(success).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute('aria-pressed', 'true');
    });

    it('several toggles of one product are sent in order as add / remove, and the last one is where it ends', async () => {
      signIn();
      let saved: Product[] = [];
      // Each change takes a moment on the server; they must not overlap, or an earlier one could land last.
      let inFlight = 0;
      let mostInFlight = 0;
      const change = (next: Product[]) => async () => {
        mostInFlight = Math.max(mostInFlight, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 20));
        inFlight--;
        saved = next;
        return ok({ products: saved });
      };
      const fetchSpy = stubApi({ [GET]: () => ok({ products: saved }), [ADD]: change([listedProduct(1)]), [REMOVE]: change([]) });
      const success = vi.spyOn(notify, 'success');
      const { queryClient } = await renderPage(<WishlistHeart product={listedProduct(1)} />, { at: '/products/p1' });
      await waitFor(() => expect(queryClient.getQueryData(wishlistKeys.of('u1'))).toEqual([]));

      act(() => onlineManager.setOnline(false));
      await userEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Remove from wishlist' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Add to wishlist' }));
      expect(await screen.findByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute('aria-pressed', 'true');
      expect(wishlistCalls(fetchSpy)).toEqual([]);

      act(() => onlineManager.setOnline(true));

      await waitFor(() => expect(queryClient.isMutating()).toBe(0));
      expect(wishlistCalls(fetchSpy)).toEqual([
        'POST /api/wishlist/add-to-wishlist/u1',
        'DELETE /api/wishlist/remove/u1/p1',
        'POST /api/wishlist/add-to-wishlist/u1',
      ]);
      expect(mostInFlight).toBe(1);
      expect(saved).toEqual([listedProduct(1)]);
      expect(queryClient.getQueryData(wishlistKeys.of('u1'))).toEqual([listedProduct(1)]);
      // One toast for where it ended, not one per change.
      expect(success.mock.calls).toEqual([['Added to wishlist!']]);
      expect(screen.getByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute('aria-pressed', 'true');
    });

    it('a change the server refuses when it is finally sent: toasts and the heart goes back', async () => {
      signIn();
      stubApi({ [GET]: ok({ products: [] }), [ADD]: { status: 404, body: { success: false, message: 'Product not found' } } });
      const error = vi.spyOn(notify, 'error');
      const { queryClient } = await renderPage(<WishlistHeart product={listedProduct(1)} />, { at: '/products/p1' });
      await waitFor(() => expect(queryClient.getQueryData(wishlistKeys.of('u1'))).toEqual([]));

      act(() => onlineManager.setOnline(false));
      await userEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));
      expect(await screen.findByRole('button', { name: 'Remove from wishlist' })).toBeInTheDocument();

      act(() => onlineManager.setOnline(true));

      await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to update wishlist'));
      expect(await screen.findByRole('button', { name: 'Add to wishlist' })).toHaveAttribute('aria-pressed', 'false');
      expect(queryClient.getQueryData(wishlistKeys.of('u1'))).toEqual([]);
    });
  });
});
