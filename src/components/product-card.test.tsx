import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RenderedLocale } from '@/i18n/react';
import { shopText } from '@/messages/shop';
import { ProductCard, type ProductCardData } from './product-card';

const product: ProductCardData = {
  _id: 'p1',
  productName: 'Jamdani Saree',
  productImages: ['/media/0123456789abcdef0123456789abcdef.jpg'],
  productPrice: 1650,
  productOriginalPrice: 2750,
  productDiscount: 40,
  productRating: 4,
  reviewCount: 12,
  remainingProducts: 3,
};

async function renderCard(card: ReactNode) {
  // jsdom has no scrolling; the router resets the scroll position on navigations.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const rootRoute = createRootRoute({ component: Outlet });
  const routes = [
    createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => card }),
    createRoute({ getParentRoute: () => rootRoute, path: '/products/$id', component: () => <p>Product page</p> }),
  ];
  const router = createRouter({ routeTree: rootRoute.addChildren(routes), history: createMemoryHistory({ initialEntries: ['/'] }) });
  await router.load();
  render(<RouterProvider router={router} />);
  await screen.findByRole('article');
  return router;
}

describe('ProductCard', () => {
  it('shows prices, the badge and the rating in Bangla, with Bangla digits', async () => {
    await shopText.load('bn');
    await renderCard(
      <RenderedLocale locale="bn" used={new Set()}>
        <ProductCard product={{ ...product, remainingProducts: 0 }} />
      </RenderedLocale>,
    );
    expect(screen.getByText('৳১,৬৫০')).toBeInTheDocument();
    expect(screen.getByText('৳২,৭৫০').closest('del')).not.toBeNull();
    expect(screen.getByText('-৪০%')).toBeInTheDocument();
    expect(screen.getByText('স্টকে নেই')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '৫-এর মধ্যে ৪ রেটিং' })).toBeInTheDocument();
  });

  it('shows the price with separators, the struck original price and a -n% badge when discounted', async () => {
    await renderCard(<ProductCard product={product} />);
    expect(screen.getByText('৳1,650')).toBeInTheDocument();
    const original = screen.getByText('৳2,750');
    expect(original.closest('del')).not.toBeNull();
    expect(screen.getByText('-40%')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveTextContent('(12 reviews)');
    expect(screen.queryByText('Out of Stock')).not.toBeInTheDocument();
  });

  it('shows neither badge nor struck price without a discount, and lakhs grouped the Bangladeshi way', async () => {
    await renderCard(<ProductCard product={{ ...product, productPrice: 142800, productDiscount: 0, productOriginalPrice: 142800 }} />);
    expect(screen.getByText('৳1,42,800')).toBeInTheDocument();
    expect(screen.queryByText('-0%')).not.toBeInTheDocument();
    expect(document.querySelector('del')).toBeNull();
  });

  it("says 'Out of Stock' when none remain", async () => {
    await renderCard(<ProductCard product={{ ...product, remainingProducts: 0 }} />);
    expect(screen.getByText('Out of Stock')).toBeInTheDocument();
  });

  it('links the name to the product page and puts the action slot on the card', async () => {
    const router = await renderCard(<ProductCard product={product} action={<button type="button">Add to wishlist</button>} />);
    const article = screen.getByRole('article');
    expect(within(article).getByRole('button', { name: 'Add to wishlist' })).toBeInTheDocument();
    const link = within(article).getByRole('link', { name: 'Jamdani Saree' });
    expect(link).toHaveAttribute('href', '/products/p1');
    await act(async () => link.click());
    expect(router.state.location.pathname).toBe('/products/p1');
  });

  it('loads a lazy image only once it comes within 50 px of the viewport, at the card sizes', async () => {
    let reveal: (() => void) | undefined;
    const observe = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(
          callback: IntersectionObserverCallback,
          readonly options: IntersectionObserverInit,
        ) {
          expect(options.rootMargin).toBe('50px');
          reveal = () => callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
        }
        observe = observe;
        disconnect() {}
      },
    );
    await renderCard(<ProductCard product={product} />);
    expect(observe).toHaveBeenCalled();
    expect(screen.getByRole('img', { name: 'Jamdani Saree' }).tagName).toBe('DIV');
    act(() => reveal?.());
    const image = screen.getByRole('img', { name: 'Jamdani Saree' });
    expect(image.tagName).toBe('IMG');
    expect(image).toHaveAttribute('sizes', '(max-width: 767px) 160px, (max-width: 1023px) 200px, 250px');
    expect(image.getAttribute('srcset')).toContain('?w=160 160w');
    expect(image.getAttribute('srcset')).toContain('?w=250 250w');
    expect(image).toHaveAttribute('width', '250');
    expect(image).toHaveAttribute('height', '188');
  });

  it.each(['high', 'low'] as const)('loads a priority image at once, eagerly, at %s priority', async (priority) => {
    await renderCard(<ProductCard product={product} priority={priority} />);
    const image = screen.getByRole('img', { name: 'Jamdani Saree' });
    expect(image.tagName).toBe('IMG');
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', priority);
  });
});
