import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '@/test/api';
import { listedProduct } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { RecommendedProducts } from './recommended-products';

describe('RecommendedProducts', () => {
  it('renders and asks for its cards only once the section comes within 600 px of the viewport', async () => {
    const products = [listedProduct(1), listedProduct(2)];
    const fetchMock = stubApi({ 'GET /api/products': ok({ count: 2, total: 2, page: 1, pages: 1, data: products }) });
    const observers: { rootMargin?: string; reveal: () => void }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback, options: IntersectionObserverInit) {
          observers.push({
            rootMargin: options.rootMargin,
            reveal: () => callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver),
          });
        }
        observe() {}
        disconnect() {}
      },
    );
    await renderPage(<RecommendedProducts />, { at: '/' });

    const section = await screen.findByRole('region', { name: 'Recommended for You' });
    expect(within(section).getByRole('tab', { name: 'New Arrivals' })).toBeInTheDocument();
    expect(within(section).queryByRole('article')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(observers.map((o) => o.rootMargin)).toEqual(['600px']);

    act(() => observers[0]?.reveal());
    expect(await within(section).findAllByRole('article')).toHaveLength(2);
  });
});
