import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, queriesSentTo, stubApi } from '@/test/api';
import { listedProduct, productPage } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { HomePage } from './home-page';

const offers = Array.from({ length: 12 }, (_, i) => listedProduct(i + 1, { productPrice: 12500, productOriginalPrice: 25000, productDiscount: 50 }));

function home(overrides: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/categories': ok([{ _id: 'c1', categoryName: 'Fashion', categoryImage: '/media/0123456789abcdef0123456789abcdef.jpg' }]),
    'GET /api/banner': ok([]),
    'GET /api/products': (_, url) => {
      if (url.searchParams.get('popularProducts') === 'offer') {
        const limit = Number(url.searchParams.get('limit'));
        return ok(productPage(limit > 0 ? offers.slice(0, limit) : offers, { total: offers.length }));
      }
      const sortBy = url.searchParams.get('sortBy');
      return ok(productPage([listedProduct(100, { productName: `Sorted by ${sortBy}` })]));
    },
    ...overrides,
  });
}

describe('home page', () => {
  it('shows the category strip linking to its products; asks for the first five offers, then for all (limit 0) once idle', async () => {
    const fetchMock = home();
    await renderPage(<HomePage />, { at: '/' });
    const category = await screen.findByRole('link', { name: 'Fashion' });
    expect(category).toHaveAttribute('href', '/products?category=c1');
    expect(queriesSentTo(fetchMock, 'GET /api/products')).toContainEqual({ popularProducts: 'offer', limit: '5' });
    await waitFor(() => expect(queriesSentTo(fetchMock, 'GET /api/products')).toContainEqual({ popularProducts: 'offer', limit: '0' }));
  });

  it("Offer Products: 5 at first, 'See More' adds 5, 'Show Less' goes back to 5", async () => {
    home();
    await renderPage(<HomePage />, { at: '/' });
    const section = (await screen.findByRole('heading', { name: 'Offer Products' })).closest('section')!;
    const cards = () => within(section).getAllByRole('article');
    await within(section).findByText('Showing 5 of 12 products');
    expect(cards()).toHaveLength(5);
    expect(within(section).queryByRole('button', { name: 'Show Less' })).not.toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'See More' }));
    expect(cards()).toHaveLength(10);
    await userEvent.click(within(section).getByRole('button', { name: 'See More' }));
    expect(cards()).toHaveLength(12);
    expect(within(section).getByText('Showing 12 of 12 products')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'See More' })).not.toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Show Less' }));
    expect(cards()).toHaveLength(5);
    // Home cards print prices with thousands separators.
    expect(within(cards()[0]!).getByText('৳12,500')).toBeInTheDocument();
  });

  it('Recommended for You: tabs ask for 12 products by their sort order and link to the listing', async () => {
    const fetchMock = home();
    await renderPage(<HomePage />, { at: '/' });
    await screen.findByText('Sorted by newest');
    expect(queriesSentTo(fetchMock, 'GET /api/products')).toContainEqual({ sortBy: 'newest', limit: '12' });
    const tab = screen.getByRole('tab', { name: 'Top Rated' });
    await userEvent.click(tab);
    expect(tab).toHaveAttribute('aria-selected', 'true');
    await screen.findByText('Sorted by rating');
    expect(screen.getByRole('link', { name: 'Explore More Top Rated' })).toHaveAttribute('href', '/products?sortBy=rating');
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/products?sortBy=rating');

    // Arrow keys move between tabs.
    act(() => tab.focus());
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Best Seller' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByText('Sorted by sales');
  });

  it("a tab that fails says 'Error loading products' and 'Please try again later'; an empty one 'No products found'", async () => {
    home({
      'GET /api/products': (_, url) =>
        url.searchParams.get('sortBy') === 'newest' ? { status: 500, body: { success: false, message: 'boom' } } : ok(productPage([])),
    });
    await renderPage(<HomePage />, { at: '/' });
    expect(await screen.findByText('Please try again later')).toBeInTheDocument();
    expect(screen.getAllByText('Error loading products').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('tab', { name: 'Best Seller' }));
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('No products found')).toBeInTheDocument();
  });

  it('shows no banner block without banners', async () => {
    home();
    await renderPage(<HomePage />, { at: '/' });
    await screen.findByRole('heading', { name: 'Offer Products' });
    expect(screen.queryByRole('region', { name: 'Offers' })).not.toBeInTheDocument();
  });

  it("shows banners with their '{n}% OFF' badge, linking to the category's discounted products; the slider once reached for", async () => {
    home({
      'GET /api/banner': ok([
        { _id: 'b1', bannerImage: '/media/0123456789abcdef0123456789abcdef.jpg', bannerOffer: 20, bannerCategory: { _id: 'c1', categoryName: 'Fashion' } },
        { _id: 'b2', bannerImage: '/media/1123456789abcdef0123456789abcdef.jpg', bannerOffer: 0, bannerCategory: null },
      ]),
    });
    await renderPage(<HomePage />, { at: '/' });
    const carousel = await screen.findByRole('region', { name: 'Offers' });
    const first = within(carousel).getByRole('link', { name: /Fashion offer/ });
    expect(first).toHaveAttribute('href', '/products?category=Fashion&discount=20');
    expect(first).toHaveTextContent('20% OFF');
    const image = within(first).getByRole('img');
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    // The category circles beside it, on the first screen too, leave the link to it first.
    const categories = screen.getByRole('region', { name: 'Categories' });
    expect(within(categories).getByRole('link', { name: 'Fashion' }).querySelector('img')).toHaveAttribute('fetchpriority', 'low');
    // The first banner is a plain slide until the banners are reached for (or due to move): then the slider arrives in
    // its own chunk, with one bullet per banner.
    expect(within(carousel).queryByRole('button', { name: 'Go to banner 2' })).not.toBeInTheDocument();
    fireEvent.pointerEnter(carousel);
    expect(await within(carousel).findByRole('button', { name: 'Go to banner 2' })).toBeInTheDocument();
    expect(within(carousel).getByRole('button', { name: 'Go to banner 1' })).toHaveAttribute('aria-current', 'true');
  });
});
