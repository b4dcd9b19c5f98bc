import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@contract/catalogue';
import { notify } from '@/lib/notify';
import { ok, stubApi, stubNetworkDown } from '@/test/api';
import { CUSTOMER, makeProduct, signIn } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { ProductDetailPage } from './product-detail-page';

const RELATED = '/api/products?category=c1&limit=9';

function stubProduct(product: Product, related: Product[] = []) {
  return stubApi({
    [`GET /api/products/${product._id}`]: ok(product),
    [`GET ${RELATED}`]: ok({ count: related.length, total: related.length, page: 1, pages: 1, data: related }),
  });
}

const renderProduct = (id = 'p1', props: Partial<Parameters<typeof ProductDetailPage>[0]> = {}) =>
  renderPage(({ params }) => <ProductDetailPage id={params.id ?? ''} {...props} />, { at: `/products/${id}`, path: '/products/$id' });

const storedCart = () => JSON.parse(localStorage.getItem('cart') ?? '[]') as Record<string, unknown>[];

afterEach(() => {
  vi.useRealTimers();
});

describe('ProductDetailPage', () => {
  it('shows the product: breadcrumb, price, struck original, discount, savings, stock, seller, tabs, and its name as the title', async () => {
    stubProduct(makeProduct({ sales: 142800 }));
    await renderProduct();

    const heading = await screen.findByRole('heading', { level: 1, name: 'Leather Cricket Ball' });
    expect(heading).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(breadcrumb).getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products');
    expect(within(breadcrumb).getByText('Leather Cricket Ball')).toHaveAttribute('aria-current', 'page');

    expect(screen.getByText('Price').closest('p')).toHaveTextContent('Price ৳1,200');
    expect(screen.getByText('Original price').closest('del')).toHaveTextContent('৳1,500');
    expect(screen.getByText('-20%')).toBeInTheDocument();
    expect(screen.getByText('You save ৳300')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('1 review')).toBeInTheDocument();
    expect(screen.getByText('1,42,800 sold')).toBeInTheDocument();
    expect(screen.getByText('12 available')).toBeInTheDocument();
    expect(screen.getByText('Chattogram Traders').parentElement).toHaveTextContent('Sold by Chattogram Traders');
    expect(screen.getByRole('tab', { name: 'Reviews (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'FAQ (1)' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Leather Cricket Ball | haat'));
  });

  it('has no savings line without a discount, and says Unknown Seller without an owner', async () => {
    stubProduct(makeProduct({ productDiscount: 0, productOriginalPrice: 1200, OwnerId: null }));
    await renderProduct();

    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(/You save/)).not.toBeInTheDocument();
    expect(screen.queryByText('Original price')).not.toBeInTheDocument();
    expect(screen.getByText('Unknown Seller')).toBeInTheDocument();
  });

  it('preselects the first colour and size, and switches on a click', async () => {
    stubProduct(makeProduct());
    await renderProduct();

    const red = await screen.findByRole('button', { name: 'red' });
    const black = screen.getByRole('button', { name: 'black' });
    expect(red).toHaveAttribute('aria-pressed', 'true');
    expect(black).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'S' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(black);
    await userEvent.click(screen.getByRole('button', { name: 'M' }));
    expect(black).toHaveAttribute('aria-pressed', 'true');
    expect(red).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'M' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'S' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('keeps the quantity between 1 and the stock', async () => {
    stubProduct(makeProduct({ remainingProducts: 2 }));
    await renderProduct();

    const quantity = await screen.findByLabelText('Quantity');
    const less = screen.getByRole('button', { name: 'Decrease quantity' });
    const more = screen.getByRole('button', { name: 'Increase quantity' });
    expect(quantity).toHaveValue(1);
    expect(less).toBeDisabled();
    await userEvent.click(more);
    expect(quantity).toHaveValue(2);
    expect(more).toBeDisabled();
    fireEvent.change(quantity, { target: { value: '50' } });
    expect(quantity).toHaveValue(2);
    fireEvent.change(quantity, { target: { value: '0' } });
    expect(quantity).toHaveValue(1);
  });

  it('disables Add to Cart and Buy Now when nothing is left in stock', async () => {
    stubProduct(makeProduct({ remainingProducts: 0 }));
    await renderProduct();

    expect(await screen.findByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
    expect(screen.getByText('Out of Stock')).toBeInTheDocument();
  });

  it("shows 'Product not found' with a way back when the product does not exist", async () => {
    stubApi({ 'GET /api/products/nope': { status: 404, body: { success: false, message: 'Product not found' } } });
    await renderProduct('nope');

    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Products' })).toHaveAttribute('href', '/products');
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
  });

  it("shows 'Product not found' and the reason when the call fails for another reason", async () => {
    stubNetworkDown();
    await renderProduct();

    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByText('Network error: check your connection and try again')).toBeInTheDocument();
  });

  it('sends a signed-out shopper to /login, remembering the product, with a toast', async () => {
    const error = vi.spyOn(notify, 'error');
    stubProduct(makeProduct());
    const { router } = await renderProduct();

    await userEvent.click(await screen.findByRole('button', { name: 'Add to Cart' }));

    expect(error).toHaveBeenCalledWith('Please Login to buy');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/products/p1' });
    expect(localStorage.getItem('cart')).toBeNull();
  });

  it('adds the chosen colour, size and quantity to the cart, then merges, then caps at the stock', async () => {
    signIn();
    const success = vi.spyOn(notify, 'success');
    const error = vi.spyOn(notify, 'error');
    stubProduct(makeProduct({ remainingProducts: 3 }));
    await renderProduct();

    await userEvent.click(await screen.findByRole('button', { name: 'black' }));
    await userEvent.click(screen.getByRole('button', { name: 'M' }));
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    const addToCart = screen.getByRole('button', { name: 'Add to Cart' });
    await userEvent.click(addToCart);

    // The toast's texts come with the first add: the toast follows once they are in.
    await waitFor(() => expect(success).toHaveBeenLastCalledWith('Added to cart!'));
    expect(storedCart()).toEqual([
      expect.objectContaining({ productId: 'p1', color: 'black', size: 'M', quantity: 2, price: 1200, maxStock: 3, productCategory: 'Sports', OwnerId: 's1' }),
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    await userEvent.click(addToCart);
    await waitFor(() => expect(success).toHaveBeenLastCalledWith('Cart updated!'));
    expect(storedCart()[0]).toMatchObject({ quantity: 3 });

    await userEvent.click(addToCart);
    await waitFor(() => expect(error).toHaveBeenLastCalledWith('Only 3 items available in stock'));
    expect(storedCart()).toHaveLength(1);
    expect(storedCart()[0]).toMatchObject({ quantity: 3 });
  });

  it('Buy Now goes to /checkout after 500 ms with the one item, its subtotal and from "buy now", leaving the cart alone', async () => {
    signIn();
    stubProduct(makeProduct());
    const { router } = await renderProduct();

    await userEvent.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(router.state.location.pathname).toBe('/products/p1');
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();

    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    const state = router.state.location.state;
    expect(state.from).toBe('buy now');
    expect(state.cartItems).toEqual([expect.objectContaining({ productId: 'p1', quantity: 2, color: 'red', size: 'S', price: 1200 })]);
    expect(localStorage.getItem('cart')).toBeNull();
  });

  it('shows up to 8 related products of the same category, never the product itself', async () => {
    const related = Array.from({ length: 9 }, (_, i) =>
      makeProduct({ _id: i === 3 ? 'p1' : `r${i}`, productName: i === 3 ? 'Leather Cricket Ball' : `Related ${i}` }),
    );
    const fetchMock = stubProduct(makeProduct(), related);
    await renderProduct();

    const section = await screen.findByRole('region', { name: 'Related Products' });
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(8));
    expect(within(section).queryByRole('link', { name: 'Leather Cricket Ball' })).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Related 0' })).toHaveAttribute('href', '/products/r0');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(RELATED);
  });

  it('renders the wishlist slot with the product', async () => {
    stubProduct(makeProduct());
    await renderProduct('p1', { wishlistButton: (product) => <button type="button">Wish {product.productName}</button> });

    expect(await screen.findByRole('button', { name: 'Wish Leather Cricket Ball' })).toBeInTheDocument();
  });

  it("shows 'Failed to load' in place of an image that does not load", async () => {
    stubProduct(makeProduct());
    await renderProduct();

    const image = await screen.findByRole('img', { name: 'Leather Cricket Ball (1 of 2)' });
    fireEvent.error(image);
    expect(screen.getByRole('img', { name: 'Failed to load' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Leather Cricket Ball (1 of 2)' })).not.toBeInTheDocument();
  });

  it('lists reviews in the Reviews tab and FAQs in the FAQ tab, with the empty texts when there are none', async () => {
    stubProduct(makeProduct({ reviews: [], reviewCount: 0, faqs: [] }));
    await renderProduct();

    await userEvent.click(await screen.findByRole('tab', { name: 'Reviews (0)' }));
    expect(screen.getByRole('tabpanel', { name: 'Reviews (0)' })).toHaveTextContent('No reviews yet');
    await userEvent.click(screen.getByRole('tab', { name: 'FAQ (0)' }));
    expect(screen.getByRole('tabpanel', { name: 'FAQ (0)' })).toHaveTextContent('No FAQs available');
  });

  it('shows each review with its name, date, stars and text, and details with tags', async () => {
    stubProduct(makeProduct());
    await renderProduct();

    await userEvent.click(await screen.findByRole('tab', { name: 'Reviews (1)' }));
    const reviews = screen.getByRole('list', { name: 'Reviews' });
    expect(reviews).toHaveTextContent('Karim Ahmed');
    expect(reviews).toHaveTextContent('12 Mar 2025');
    expect(reviews).toHaveTextContent('Lasts a whole season.');
    expect(within(reviews).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Details' }));
    const details = screen.getByRole('tabpanel', { name: 'Details' });
    expect(within(details).getByText('Cork core')).toBeInTheDocument();
    expect(within(within(details).getByRole('list', { name: 'Tags' })).getByText('cricket')).toBeInTheDocument();
  });

  it('lets a signed-in customer post a review once stars and text are given, then shows it with the new count', async () => {
    signIn();
    const success = vi.spyOn(notify, 'success');
    const product = makeProduct({ reviews: [], reviewCount: 0, productRating: 0 });
    const reviewed = makeProduct({
      productRating: 4,
      reviewCount: 1,
      reviews: [{ _id: 'r2', userId: { _id: 'u1', name: 'Rahim Uddin', profileImg: null }, date: '2025-04-01T00:00:00.000Z', stars: 4, text: 'Good grip' }],
    });
    const fetchMock = stubApi({
      'GET /api/products/p1': ok(product),
      [`GET ${RELATED}`]: ok({ count: 0, total: 0, page: 1, pages: 1, data: [] }),
      'POST /api/products/p1/reviews': { status: 201, body: { success: true, message: 'Review submitted successfully', data: reviewed } },
    });
    await renderProduct();

    await userEvent.click(await screen.findByRole('tab', { name: 'Reviews (0)' }));
    const submit = screen.getByRole('button', { name: 'Submit Review' });
    expect(submit).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Your review'), '   ');
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Your review'), 'Good grip ');
    expect(submit).toBeEnabled();
    await userEvent.click(submit);

    await waitFor(() => expect(success).toHaveBeenCalledWith('Review submitted successfully'));
    const posted = fetchMock.mock.calls.find(([url, init]) => String(url) === '/api/products/p1/reviews' && init?.method === 'POST');
    expect(JSON.parse(String(posted?.[1]?.body))).toEqual({ review: { userId: 'u1', stars: 4, text: 'Good grip' } });
    expect(await screen.findByRole('tab', { name: 'Reviews (1)' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Reviews' })).toHaveTextContent('Good grip');
    expect(screen.getByText('1 review')).toBeInTheDocument();
    expect(screen.getByLabelText('Your review')).toHaveValue('');
  });

  it("says 'Failed to submit review' when the server refuses it", async () => {
    signIn();
    const error = vi.spyOn(notify, 'error');
    stubApi({
      'GET /api/products/p1': ok(makeProduct()),
      [`GET ${RELATED}`]: ok({ count: 0, total: 0, page: 1, pages: 1, data: [] }),
      'POST /api/products/p1/reviews': { status: 500, body: { success: false, message: 'Boom' } },
    });
    await renderProduct();

    await userEvent.click(await screen.findByRole('tab', { name: 'Reviews (1)' }));
    await userEvent.click(screen.getByRole('radio', { name: '1 star' }));
    await userEvent.type(screen.getByLabelText('Your review'), 'Split after a week');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Review' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to submit review'));
    expect(screen.getByLabelText('Your review')).toHaveValue('Split after a week');
  });

  it('offers no review form to a seller, and a sign-in link to a signed-out visitor', async () => {
    stubProduct(makeProduct());
    await renderProduct();
    await userEvent.click(await screen.findByRole('tab', { name: 'Reviews (1)' }));
    expect(screen.getByRole('link', { name: 'Sign in to write a review' })).toHaveAttribute('href', '/login?redirect=%2Fproducts%2Fp1');
    expect(screen.queryByRole('button', { name: 'Submit Review' })).not.toBeInTheDocument();

    act(() => void signIn({ ...CUSTOMER, role: 'seller' }));
    expect(screen.queryByRole('button', { name: 'Submit Review' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in to write a review' })).not.toBeInTheDocument();
  });
});

describe('Share dialog', () => {
  it('copies the product link and offers Facebook, Twitter and WhatsApp in new tabs', async () => {
    const success = vi.spyOn(notify, 'success');
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    stubProduct(makeProduct());
    await renderProduct();

    const share = await screen.findByRole('button', { name: 'Share' });
    await userEvent.click(share);
    const dialog = await screen.findByRole('dialog', { name: 'Share this product' });
    expect(dialog).toHaveAttribute('open');
    const url = `${window.location.origin}/products/p1`;

    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy Link' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(success).toHaveBeenCalledWith('Link copied to clipboard!');

    const facebook = within(dialog).getByRole('link', { name: 'Facebook' });
    expect(facebook).toHaveAttribute('href', `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`);
    expect(facebook).toHaveAttribute('target', '_blank');
    expect(facebook.getAttribute('rel')).toContain('noopener');
    expect(within(dialog).getByRole('link', { name: 'Twitter' }).getAttribute('href')).toMatch(/^https:\/\/twitter\.com\/intent\/tweet\?url=/);
    expect(within(dialog).getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\?text=/);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(share).toHaveFocus();
  });

  it("says 'Failed to copy link' when the clipboard refuses", async () => {
    const error = vi.spyOn(notify, 'error');
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn().mockRejectedValue(new Error('denied')) }, configurable: true });
    stubProduct(makeProduct());
    await renderProduct();

    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await userEvent.click(screen.getByRole('button', { name: 'Copy Link' }));
    expect(error).toHaveBeenCalledWith('Failed to copy link');
  });

  it('offers the system share sheet where the browser has one', async () => {
    const shareSheet = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: shareSheet, configurable: true });
    stubProduct(makeProduct());
    await renderProduct();

    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await userEvent.click(screen.getByRole('button', { name: 'More ways to share' }));
    expect(shareSheet).toHaveBeenCalledWith({ title: 'Leather Cricket Ball', url: `${window.location.origin}/products/p1` });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    Reflect.deleteProperty(navigator, 'share');
  });
});
