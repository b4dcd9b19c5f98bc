import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, queriesSentTo, type Reply, stubApi } from '@/test/api';
import { listedProduct, productPage } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { stubScreenWidth } from '@/test/screen-width';
import { parseListingSearch } from '../lib/listing-search';
import { ProductListingPage } from './product-listing-page';

const categories = [
  { _id: 'c1', categoryName: 'Fashion', categoryImage: '' },
  { _id: 'c2', categoryName: 'Books', categoryImage: '' },
];
const page = (n: number) => Array.from({ length: 10 }, (_, i) => listedProduct(n * 10 + i));

function listing(products: Parameters<typeof stubApi>[0][string] = ok(productPage(page(1), { total: 24, pages: 3 }))) {
  return stubApi({
    'GET /api/categories': ok(categories),
    'GET /api/subcategories?categoryId=c1': ok([{ _id: 's1', subCategoryName: 'Footwear', categoryId: 'c1', subCategoryImage: null }]),
    'GET /api/subsubcategories?subCategoryId=s1': ok([
      { _id: 'ss1', subSubCategoryName: 'Sandals', categoryId: 'c1', subCategoryId: 's1', subSubCategoryImage: null },
    ]),
    'GET /api/products': products,
  });
}

const renderListing = (at: string) => renderPage(({ search }) => <ProductListingPage search={search} />, { at, validateSearch: parseListingSearch });

describe('product listing', () => {
  beforeEach(() => stubScreenWidth(1280));

  it('shows 8 skeleton cards while loading, then the header texts and the page of results', async () => {
    let answer: (reply: Reply) => void = () => {};
    const fetchMock = listing(() => new Promise<Reply>((resolve) => (answer = resolve)));
    await renderListing('/products?search=%22shoe%22&discount=10');
    const loading = await screen.findByRole('status', { name: 'Loading products' });
    expect(loading.children).toHaveLength(8);

    answer(ok(productPage(page(1), { total: 24, pages: 3 })));
    expect(await screen.findByText('Showing 10 of 24 products for "shoe" with 10% or more off')).toBeInTheDocument();
    expect(screen.getByText('Page 1 | Limit: 10')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(10);
    expect(queriesSentTo(fetchMock, 'GET /api/products')).toEqual([{ page: '1', limit: '10', search: 'shoe', discount: '10' }]);
  });

  it('resolves a category name to the selected category and sends it on', async () => {
    const fetchMock = listing();
    await renderListing('/products?category=fashion');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fashion' })).toBeInTheDocument();
    const option = await screen.findByRole('link', { name: 'Fashion' });
    expect(option).toHaveAttribute('aria-current', 'true');
    expect(await screen.findByRole('heading', { name: 'Sub Categories' })).toBeInTheDocument();
    expect(queriesSentTo(fetchMock, 'GET /api/products')[0]).toMatchObject({ category: 'fashion' });
  });

  it('choosing a category resets the page and clears the sub- and sub-sub-category', async () => {
    listing();
    const { router } = await renderListing('/products?category=c1&subCategory=s1&subSubCategory=ss1&page=2&search=%22tee%22');
    await userEvent.click(await screen.findByRole('link', { name: 'Books' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ category: 'c2', search: 'tee' }));
  });

  it('choosing a sub-category keeps the category and clears the sub-sub-category', async () => {
    listing();
    const { router } = await renderListing('/products?category=c1&subCategory=s1&subSubCategory=ss1');
    const subList = (await screen.findByRole('heading', { name: 'Sub Categories' })).closest('section')!;
    await userEvent.click(await within(subList).findByRole('link', { name: 'Footwear' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ category: 'c1', subCategory: 's1' }));
  });

  it("'Clear All Filters (n)' counts the active filters and keeps only the search term", async () => {
    listing();
    const { router } = await renderListing('/products?category=c1&discount=20&maxPrice=500&search=%22tee%22&page=2');
    const clear = await screen.findByRole('button', { name: 'Clear All Filters (3)' });
    await userEvent.click(clear);
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'tee' }));
  });

  it('removes one active filter from its chip', async () => {
    listing();
    const { router } = await renderListing('/products?category=c1&maxPrice=500');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Price: ৳0 – ৳500' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ category: 'c1' }));
  });

  it('typing a Max Price puts it in the URL; a value over 10000 means no upper limit, and the panel says so', async () => {
    listing();
    const { router } = await renderListing('/products');
    const max = await screen.findByLabelText('Max Price');
    await userEvent.clear(max);
    await userEvent.type(max, '750');
    await waitFor(() => expect(router.state.location.search).toEqual({ maxPrice: 750 }));
    expect(max).not.toHaveAccessibleDescription();
    await userEvent.clear(max);
    await userEvent.type(max, '20000');
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(max).toHaveAccessibleDescription('The highest Max Price is ৳10,000, which means no upper limit.');
    expect(screen.getByText('The highest Max Price is ৳10,000, which means no upper limit.')).toBeInTheDocument();
    // The box keeps what the shopper typed; the note tells what is shown.
    expect(max).toHaveValue(20000);
  });

  it('a Min Price above the Max Price swaps the two, says so, and leaves the boxes as typed', async () => {
    const fetchMock = listing();
    const { router } = await renderListing('/products?maxPrice=1000');
    const min = await screen.findByLabelText('Min Price');
    await userEvent.clear(min);
    await userEvent.type(min, '5000');
    await waitFor(() => expect(router.state.location.search).toEqual({ minPrice: 1000, maxPrice: 5000 }));
    expect(queriesSentTo(fetchMock, 'GET /api/products').at(-1)).toEqual({ page: '1', limit: '10', minPrice: '1000', maxPrice: '5000' });
    expect(min).toHaveAccessibleDescription('Min Price is above Max Price, so showing ৳1,000 – ৳5,000.');
    expect(min).toHaveValue(5000);
    expect(screen.getByLabelText('Max Price')).toHaveValue(1000);
    expect(screen.getByRole('button', { name: 'Remove Price: ৳1,000 – ৳5,000' })).toBeInTheDocument();

    // Typing on into the boxes works from what they show; a range in order needs no note.
    await userEvent.clear(min);
    await userEvent.type(min, '200');
    await waitFor(() => expect(router.state.location.search).toEqual({ minPrice: 200, maxPrice: 1000 }));
    expect(min).not.toHaveAccessibleDescription();
  });

  it('a pause while typing a Max Price below the Min Price does not rewrite the boxes under the shopper', async () => {
    listing();
    const { router } = await renderListing('/products?minPrice=500');
    const max = await screen.findByLabelText('Max Price');
    await userEvent.clear(max);
    await userEvent.type(max, '2');
    await waitFor(() => expect(router.state.location.search).toEqual({ minPrice: 2, maxPrice: 500 }));
    expect(screen.getByLabelText('Min Price')).toHaveValue(500);
    await userEvent.type(max, '000');
    await waitFor(() => expect(router.state.location.search).toEqual({ minPrice: 500, maxPrice: 2000 }));
    expect(max).toHaveValue(2000);
  });

  it('an address with a Min Price above its Max Price lists the range between them', async () => {
    const fetchMock = listing();
    await renderListing('/products?minPrice=5000&maxPrice=1000');
    expect(await screen.findByText('Showing 10 of 24 products')).toBeInTheDocument();
    expect(queriesSentTo(fetchMock, 'GET /api/products')).toEqual([{ page: '1', limit: '10', minPrice: '1000', maxPrice: '5000' }]);
    expect(screen.getByLabelText('Min Price')).toHaveValue(1000);
    expect(screen.getByLabelText('Max Price')).toHaveValue(5000);
  });

  it('shows the sort order the address names, and asks the API for it', async () => {
    const fetchMock = listing();
    await renderListing('/products?sortBy=rating');
    const sort = await screen.findByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('rating');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Newest', 'Price: low to high', 'Price: high to low', 'Top rated', 'Best selling']);
    expect(screen.getByRole('option', { name: 'Top rated' })).toHaveProperty('selected', true);
    expect(queriesSentTo(fetchMock, 'GET /api/products')).toEqual([{ page: '1', limit: '10', sortBy: 'rating' }]);
  });

  it('choosing a sort order puts it in the URL from page 1, keeps the filters, and the list follows it', async () => {
    const fetchMock = listing((_, url) =>
      ok(productPage([listedProduct(1, { productName: `Sorted by ${url.searchParams.get('sortBy') ?? 'default'}` })], { total: 24, pages: 3 })),
    );
    const { router } = await renderListing('/products?category=c1&page=2');
    const sort = await screen.findByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('newest');

    await userEvent.selectOptions(sort, 'Price: low to high');
    await waitFor(() => expect(router.state.location.search).toEqual({ category: 'c1', sortBy: 'priceAsc' }));
    expect(await screen.findByRole('heading', { name: 'Sorted by priceAsc' })).toBeInTheDocument();
    expect(queriesSentTo(fetchMock, 'GET /api/products').at(-1)).toEqual({ page: '1', limit: '10', category: 'c1', sortBy: 'priceAsc' });

    await userEvent.selectOptions(sort, 'Price: high to low');
    expect(await screen.findByRole('heading', { name: 'Sorted by priceDesc' })).toBeInTheDocument();
    expect(sort).toHaveValue('priceDesc');

    await userEvent.selectOptions(sort, 'Newest');
    await waitFor(() => expect(router.state.location.search).toEqual({ category: 'c1' }));
    expect(await screen.findByRole('heading', { name: 'Sorted by default' })).toBeInTheDocument();
  });

  it('falls back to Newest for an unknown sort order instead of an error', async () => {
    const fetchMock = listing();
    await renderListing('/products?sortBy=price');
    expect(await screen.findByText('Showing 10 of 24 products')).toBeInTheDocument();
    expect(screen.queryByText('Error loading products')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
    expect(queriesSentTo(fetchMock, 'GET /api/products')).toEqual([{ page: '1', limit: '10' }]);
  });

  it('Next goes to the following page', async () => {
    listing((_, url) => {
      const n = Number(url.searchParams.get('page'));
      return ok(productPage(page(n), { total: 24, page: n, pages: 3 }));
    });
    const { router } = await renderListing('/products?category=c1');
    await userEvent.click(await screen.findByRole('link', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ category: 'c1', page: 2 }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/products?category=c1');
  });

  it('says which query it shows when the search typed matched nothing, with a link to the search as typed', async () => {
    const fetchMock = listing(ok({ ...productPage(page(1).slice(0, 3), { total: 3, pages: 1 }), correctedSearch: 'tea' }));
    const { router } = await renderListing('/products?search=%22tae%22');
    expect(await screen.findByText('Showing results for')).toHaveTextContent('Showing results for tea');
    expect(screen.getByText('Showing 3 of 3 products for "tea"')).toBeInTheDocument();
    const asTyped = listing(ok(productPage([], { total: 0, pages: 1 })));
    await userEvent.click(screen.getByRole('link', { name: 'tae' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'tae', asTyped: true }));
    expect(await screen.findByText('No products found')).toBeInTheDocument();
    expect(queriesSentTo(fetchMock, 'GET /api/products')).toEqual([{ page: '1', limit: '10', search: 'tae' }]);
    expect(queriesSentTo(asTyped, 'GET /api/products')).toEqual([{ page: '1', limit: '10', search: 'tae', asTyped: '1' }]);
  });

  it("shows 'No products found' with a 'Clear all filters' button", async () => {
    listing(ok(productPage([])));
    const { router } = await renderListing('/products?category=c1&search=%22zzz%22');
    expect(await screen.findByText('No products found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear all filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'zzz' }));
  });

  it("shows 'Error loading products' with the server's message and a Retry that reloads", async () => {
    listing({ status: 500, body: { success: false, message: 'Database unavailable' } });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    await renderListing('/products');
    expect(await screen.findByText('Error loading products')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalled();
  });

  it("falls back to 'Unknown error occurred' when the server gives no message", async () => {
    listing({ status: 500, body: {} });
    await renderListing('/products');
    expect(await screen.findByText('Unknown error occurred')).toBeInTheDocument();
  });
});

describe('product listing on a phone', () => {
  beforeEach(() => stubScreenWidth(360));

  it("keeps the filters in a 'Filters' sheet with the active-filter count", async () => {
    listing();
    await renderListing('/products?category=c1&discount=20');
    const button = await screen.findByRole('button', { name: 'Filters 2 active' });
    expect(screen.queryByRole('button', { name: /BROWSE CATEGORIES/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Max Price')).not.toBeInTheDocument();
    await userEvent.click(button);
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(sheet).getByLabelText('Max Price')).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Clear All Filters (2)' })).toBeInTheDocument();
  });

  it('shows the sort control beside the Filters button, outside the sheet', async () => {
    listing();
    const { router } = await renderListing('/products?sortBy=sales');
    const sort = await screen.findByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('sales');
    await userEvent.selectOptions(sort, 'Price: high to low');
    await waitFor(() => expect(router.state.location.search).toEqual({ sortBy: 'priceDesc' }));
  });
});
