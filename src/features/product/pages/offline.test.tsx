import { onlineManager } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { productKeys } from '@/lib/product-queries';
import { stubApi } from '@/test/api';
import { makeProduct } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { relatedProductsQuery } from '../api';
import { ProductDetailPage } from './product-detail-page';

const renderProduct = (id: string) => renderPage(({ params }) => <ProductDetailPage id={params.id ?? ''} />, { at: `/products/${id}`, path: '/products/$id' });

beforeEach(() => onlineManager.setOnline(false));

describe('product page offline', () => {
  it('a product never opened: says the page is not saved, with no spinner, and asks nothing of the network', async () => {
    const fetchMock = stubApi({});
    await renderProduct('p-unseen');

    expect(await screen.findByRole('heading', { level: 1, name: 'You are offline' })).toBeInTheDocument();
    expect(screen.getByText('This page has not been saved for offline use. Connect to the internet to see it.')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading product' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Product not found' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a product seen before: shows it; related products never loaded say so instead of skeletons', async () => {
    stubApi({});
    const { queryClient } = await renderProduct('p1');
    queryClient.setQueryData(productKeys.detail('p1'), makeProduct());

    expect(await screen.findByRole('heading', { level: 1, name: 'Leather Cricket Ball' })).toBeInTheDocument();
    const related = screen.getByRole('region', { name: 'Related Products' });
    expect(within(related).getByText('Related products have not been saved for offline use.')).toBeInTheDocument();
    expect(related.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('a product seen before with its related products: shows both', async () => {
    stubApi({});
    const { queryClient } = await renderProduct('p1');
    queryClient.setQueryData(relatedProductsQuery('c1').queryKey, {
      count: 1,
      total: 1,
      page: 1,
      pages: 1,
      data: [makeProduct({ _id: 'p2', productName: 'Cricket Bat' })],
    });
    queryClient.setQueryData(productKeys.detail('p1'), makeProduct());

    const related = await screen.findByRole('region', { name: 'Related Products' });
    expect(within(related).getByText('Cricket Bat')).toBeInTheDocument();
  });
});
