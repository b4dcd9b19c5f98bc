import { onlineManager } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogueKeys } from '../api';
import type { Product } from '@contract/catalogue';
import { makeProduct, ok, renderCatalogue, stubApi, stubScreenWidth } from '../test/render';

const productList = (data: Product[], { total = data.length, pages = 1 } = {}) => ({ count: data.length, total, page: 1, pages, data });

const NOT_SAVED = 'This page has not been saved for offline use. Connect to the internet to see it.';

beforeEach(() => {
  stubScreenWidth(1280);
  onlineManager.setOnline(false);
});

afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('catalogue offline, with nothing saved', () => {
  it('home: each block says it is offline instead of pulsing skeletons, and nothing is asked of the network', async () => {
    const fetchMock = stubApi({});
    await renderCatalogue('/');

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
    await renderCatalogue('/products?category=c1');

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
    const { queryClient } = await renderCatalogue('/products');
    queryClient.setQueryData(catalogueKeys.categories, [{ _id: 'c1', categoryName: 'Fashion', categoryImage: '' }]);
    queryClient.setQueryData(catalogueKeys.productList({ page: 1, limit: 10 }), productList([makeProduct(1), makeProduct(2)]));

    expect(await screen.findByText('Showing 2 of 2 products')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByText('You are offline')).not.toBeInTheDocument();
  });

  it('listing: another page that was never opened says so, rather than dimming the last list for good', async () => {
    stubApi({});
    const { queryClient, router } = await renderCatalogue('/products');
    queryClient.setQueryData(catalogueKeys.productList({ page: 1, limit: 10 }), productList([makeProduct(1)], { total: 11, pages: 2 }));
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();

    await router.navigate({ to: '/products', search: { page: 2 } });
    expect(await screen.findByText(NOT_SAVED)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('home: a saved block shows its products even though a later read failed', async () => {
    onlineManager.setOnline(true);
    stubApi({ '/products': { status: 503, body: { success: false, message: 'Service unavailable' } }, '/categories': ok([]), '/banner': ok([]) });
    const { queryClient } = await renderCatalogue('/');
    const offerKey = catalogueKeys.productList({ popularProducts: 'offer', limit: 0 });
    queryClient.setQueryData(offerKey, productList([makeProduct(7)]));
    await queryClient.invalidateQueries({ queryKey: offerKey });

    const offers = screen.getByRole('region', { name: 'Offer Products' });
    expect(await within(offers).findByText('Product 7')).toBeInTheDocument();
    expect(within(offers).queryByText('Error loading products')).not.toBeInTheDocument();
  });
});
