import { onlineManager } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { productKeys } from '@/lib/product-queries';
import { ok, stubApi } from '@/test/api';
import { listedProduct, productPage } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { stubScreenWidth } from '@/test/screen-width';
import { catalogueKeys } from '../api';
import { parseListingSearch } from '../lib/listing-search';
import { HomePage } from './home-page';
import { ProductListingPage } from './product-listing-page';

const NOT_SAVED = 'This page has not been saved for offline use. Connect to the internet to see it.';

beforeEach(() => {
  stubScreenWidth(1280);
  onlineManager.setOnline(false);
});

const renderListing = (at: string) => renderPage(({ search }) => <ProductListingPage search={search} />, { at, validateSearch: parseListingSearch });

describe('catalogue offline, with nothing saved', () => {
  it('home: each block says it is offline instead of pulsing skeletons, and nothing is asked of the network', async () => {
    const fetchMock = stubApi({});
    await renderPage(<HomePage />, { at: '/' });

    expect(await screen.findByText('The categories have not been saved for offline use.')).toBeInTheDocument();
    const offers = screen.getByRole('region', { name: 'Offer Products' });
    expect(within(offers).getByText('These products have not been saved for offline use.')).toBeInTheDocument();
    const recommended = await screen.findByRole('region', { name: 'Recommended for You' });
    expect(within(recommended).getByText('These products have not been saved for offline use.')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading products' })).not.toBeInTheDocument();
    expect(document.querySelector('.animate-pulse')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('listing: the results say the page is not saved; the filters say they are not available', async () => {
    stubApi({});
    await renderListing('/products?category=c1');

    const results = await screen.findByRole('region', { name: 'Results' });
    expect(within(results).getByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    expect(within(results).getByText(NOT_SAVED)).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading products' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Not available offline').length).toBeGreaterThan(0);
  });
});

describe('catalogue offline, with what was seen before', () => {
  it('listing: shows the saved list and categories', async () => {
    stubApi({});
    const { queryClient } = await renderListing('/products');
    queryClient.setQueryData(catalogueKeys.categories, [{ _id: 'c1', categoryName: 'Fashion', categoryImage: '' }]);
    queryClient.setQueryData(productKeys.list({ page: 1, limit: 10 }), productPage([listedProduct(1), listedProduct(2)]));

    expect(await screen.findByText('Showing 2 of 2 products')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByText('You are offline')).not.toBeInTheDocument();
  });

  it('listing: another page that was never opened says so, rather than dimming the last list for good', async () => {
    stubApi({});
    const { queryClient, router } = await renderListing('/products');
    queryClient.setQueryData(productKeys.list({ page: 1, limit: 10 }), productPage([listedProduct(1)], { total: 11, pages: 2 }));
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();

    await router.navigate({ to: '/products', search: { page: 2 } });
    expect(await screen.findByText(NOT_SAVED)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('home: a saved block shows its products even though a later read failed', async () => {
    onlineManager.setOnline(true);
    stubApi({
      'GET /api/products': { status: 503, body: { success: false, message: 'Service unavailable' } },
      'GET /api/categories': ok([]),
      'GET /api/banner': ok([]),
    });
    const { queryClient } = await renderPage(<HomePage />, { at: '/' });
    const offerKey = productKeys.list({ popularProducts: 'offer', limit: 0 });
    queryClient.setQueryData(offerKey, productPage([listedProduct(7)]));
    await queryClient.invalidateQueries({ queryKey: offerKey });

    const offers = screen.getByRole('region', { name: 'Offer Products' });
    expect(await within(offers).findByText('Product 7')).toBeInTheDocument();
    expect(within(offers).queryByText('Error loading products')).not.toBeInTheDocument();
  });

  it('listing: a search runs over the saved products by the same rules, and says so', async () => {
    stubApi({});
    const { queryClient, router } = await renderListing('/products');
    const sneakers = listedProduct(1, { productName: 'Canvas Sneakers' });
    queryClient.setQueryData(productKeys.list({ page: 1, limit: 10 }), productPage([sneakers, listedProduct(2, { productName: 'Jute Bag' })]));
    expect(await screen.findByText('Showing 2 of 2 products')).toBeInTheDocument();

    await router.navigate({ to: '/products', search: { search: 'sneekers' } });
    expect(await screen.findByText('No connection: showing 1 match for "sneekers" among 2 saved products.')).toBeInTheDocument();
    const results = screen.getByRole('list', { name: 'Saved products' });
    expect(within(results).getAllByRole('article')).toHaveLength(1);
    expect(within(results).getByText('Canvas Sneakers')).toBeInTheDocument();
    expect(screen.queryByText(NOT_SAVED)).not.toBeInTheDocument();

    await router.navigate({ to: '/products', search: { search: 'saree' } });
    expect(await screen.findByText('No connection: none of the 2 saved products matches "saree".')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});
