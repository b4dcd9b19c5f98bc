import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { productKeys } from '@/lib/product-queries';
import { stubApi } from '@/test/api';
import { makeProduct } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { ReviewForm } from './review-form';

const POST = 'POST /api/products/p1/reviews';
const OFFLINE_TEXT = 'You are offline — your review will be posted when you are back online';
const WAITING_TEXT = 'Your review is waiting for a connection and will be posted when you are back online.';

/** The service worker's catalogue cache holding a stale copy of the product; says when it was dropped. */
function stubCatalogueCache(timeline: string[]) {
  const kept = new Map([['/api/products/p1', new Request('http://127.0.0.1/api/products/p1')]]);
  vi.stubGlobal('caches', {
    open: async () => ({
      keys: async () => [...kept.values()],
      delete: async (request: Request) => {
        timeline.push('stale copy dropped');
        return kept.delete(new URL(request.url).pathname);
      },
    }),
  });
  return kept;
}

async function writeReview(stars: number, text: string) {
  await userEvent.click(screen.getByRole('radio', { name: `${stars} stars` }));
  await userEvent.type(screen.getByLabelText('Your review'), text);
  await userEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
}

describe('ReviewForm offline', () => {
  it('keeps a review written offline, says so, and posts it once back online: stale copies dropped before lists refresh', async () => {
    const timeline: string[] = [];
    const kept = stubCatalogueCache(timeline);
    const reviewed = makeProduct({ reviewCount: 2, productRating: 4.5 });
    const fetchMock = stubApi({ [POST]: { status: 201, body: { success: true, message: 'Review submitted successfully', data: reviewed } } });
    const message = vi.spyOn(notify, 'message');
    const success = vi.spyOn(notify, 'success').mockImplementation(() => void timeline.push('told'));
    const { queryClient } = await renderPage(<ReviewForm productId="p1" userId="u1" />, { at: '/products/p1', path: '/products/$id' });
    queryClient.setQueryData(productKeys.list({ category: 'c1' }), { count: 0, total: 0, page: 1, pages: 1, data: [] });
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'invalidate') timeline.push('lists invalidated');
    });

    act(() => onlineManager.setOnline(false));
    await writeReview(4, 'Good grip');

    expect(message).toHaveBeenCalledWith(OFFLINE_TEXT);
    expect(await screen.findByRole('status')).toHaveTextContent(WAITING_TEXT);
    expect(screen.getByRole('button', { name: 'Submit Review' })).toBeDisabled();
    expect(screen.getByLabelText('Your review')).toHaveValue('Good grip');
    expect(fetchMock).not.toHaveBeenCalled();

    act(() => onlineManager.setOnline(true));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Review submitted successfully'));
    const posts = fetchMock.mock.calls.filter(([url, init]) => String(url) === '/api/products/p1/reviews' && init?.method === 'POST');
    expect(posts.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ review: { userId: 'u1', stars: 4, text: 'Good grip' } }]);
    expect(kept.size).toBe(0);
    expect(timeline).toEqual(['stale copy dropped', 'lists invalidated', 'told']);
    expect(queryClient.getQueryData(productKeys.detail('p1'))).toEqual(reviewed);
    await waitFor(() => expect(screen.getByLabelText('Your review')).toHaveValue(''));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("tells the server's reason when the queued review is refused, and keeps the text", async () => {
    stubCatalogueCache([]);
    stubApi({ [POST]: { status: 403, body: { success: false, message: 'You cannot review your own product' } } });
    const error = vi.spyOn(notify, 'error');
    await renderPage(<ReviewForm productId="p1" userId="u1" />, { at: '/products/p1', path: '/products/$id' });

    act(() => onlineManager.setOnline(false));
    await writeReview(5, 'Best ever');
    expect(await screen.findByRole('status')).toHaveTextContent(WAITING_TEXT);

    act(() => onlineManager.setOnline(true));

    await waitFor(() => expect(error).toHaveBeenCalledWith('You cannot review your own product'));
    expect(screen.getByLabelText('Your review')).toHaveValue('Best ever');
    expect(screen.getByRole('button', { name: 'Submit Review' })).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('online, a failure without a reason of the server says the spec text', async () => {
    stubCatalogueCache([]);
    stubApi({ 'POST /api/products/p2/reviews': { status: 502, body: {} } });
    const error = vi.spyOn(notify, 'error');
    await renderPage(<ReviewForm productId="p2" userId="u1" />, { at: '/products/p2', path: '/products/$id' });

    await writeReview(3, 'Fine');

    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to submit review'));
  });
});
