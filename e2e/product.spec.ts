import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Product } from '../contract/catalogue';
import { deliverTo, signedInCustomer, signIn, stored, submitPasswordSignIn } from './support/app';
import { DEMO_CUSTOMER } from './support/env';
import { openHydrated } from './support/pages';

/** A seeded product with at least two colours and two sizes and a few in stock, found through the public API. */
async function productWithChoices(request: APIRequestContext): Promise<Product> {
  const answer = await request.get('/api/products', { params: { limit: 100 } });
  expect(answer.ok()).toBe(true);
  const { data } = (await answer.json()) as { data: { data: Product[] } };
  const product = data.data.find((p) => p.variants.length === 0 && p.productColors.length >= 2 && p.productSizes.length >= 2 && p.remainingProducts >= 3);
  if (!product) throw new Error('The demo catalogue has no product with two colours, two sizes and stock');
  return product;
}

async function chooseColourAndSize(page: Page, colour: string, size: string) {
  const colourButton = page.getByRole('group', { name: /^Colour/ }).getByRole('button', { name: colour, exact: true });
  const sizeButton = page.getByRole('group', { name: 'Size' }).getByRole('button', { name: size, exact: true });
  await colourButton.click();
  await sizeButton.click();
  await expect(colourButton).toHaveAttribute('aria-pressed', 'true');
  await expect(sizeButton).toHaveAttribute('aria-pressed', 'true');
}

test('from the listing: choose colour and size, sign in when asked, add to cart, then Buy Now', async ({ page, request }) => {
  const product = await productWithChoices(request);
  const colour = product.productColors[1]!;
  const size = product.productSizes[1]!;

  await page.goto(`/products?search=${encodeURIComponent(product.productName)}`);
  await page.getByRole('link', { name: product.productName, exact: true }).first().click();
  await expect(page).toHaveURL((url) => url.pathname === `/products/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.productName })).toBeVisible();
  await expect(page).toHaveTitle(`${product.productName} | haat`);
  // The first colour and size come preselected.
  await expect(page.getByRole('button', { name: product.productColors[0], exact: true })).toHaveAttribute('aria-pressed', 'true');

  await chooseColourAndSize(page, colour, size);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Please Login to buy')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === `/products/${product._id}`);
  expect(await stored(page, 'cart')).toBeNull();

  await submitPasswordSignIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await expect(page).toHaveURL((url) => url.pathname === `/products/${product._id}`);

  await chooseColourAndSize(page, colour, size);
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart!')).toBeVisible();
  const cart = JSON.parse((await stored(page, 'cart')) ?? '[]') as Record<string, unknown>[];
  expect(cart).toEqual([expect.objectContaining({ productId: product._id, productName: product.productName, color: colour, size, quantity: 2 })]);

  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/checkout');
  const state = (await page.evaluate(() => window.history.state)) as { cartItems?: Record<string, unknown>[]; from?: string };
  expect(state.from).toBe('buy now');
  expect(state.cartItems).toEqual([expect.objectContaining({ productId: product._id, color: colour, size, quantity: 2 })]);
});

test("an unknown product id shows 'Product not found' with a way back to the products", async ({ page }) => {
  await page.goto('/products/no-such-product');
  await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Products' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/products');
});

test('a customer who received the product posts a review and sees it listed; a second one edits it', async ({ page, request }) => {
  const product = await productWithChoices(request);
  const text = `Good value, arrived in two days (${Date.now()})`;
  const customer = await signedInCustomer(request, 'Reviewing Shopper');
  await deliverTo(request, customer, product);

  await signIn(page, customer.email, customer.password);
  await page.goto(`/products/${product._id}`);
  await page.getByRole('tab', { name: /^Reviews \(\d+\)$/ }).click();
  const submit = page.getByRole('button', { name: 'Submit Review' });
  await expect(submit).toBeDisabled();
  await page.getByRole('radio', { name: '4 stars' }).check();
  await page.getByLabel('Your review').fill(text);
  await submit.click();

  await expect(page.getByText('Review submitted successfully')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Reviews' })).toContainText(text);
  await expect(page.getByLabel('Your review')).toHaveValue('');

  await page.getByRole('radio', { name: '2 stars' }).check();
  await page.getByLabel('Your review').fill(`${text}, but faded after a wash`);
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Your review was updated')).toBeVisible();
  const reviews = page.getByRole('list', { name: 'Reviews' });
  await expect(reviews).toContainText(`${text}, but faded after a wash`);
  await expect(reviews.getByText(text, { exact: true })).toHaveCount(0);
});

test('Share opens a modal dialog: the page behind is inert and still, Escape closes it and Share has the focus again', async ({ page, request }) => {
  const product = await productWithChoices(request);
  await openHydrated(page, `/products/${product._id}`);
  const share = page.getByRole('button', { name: 'Share', exact: true });
  await share.click();

  const dialog = page.getByRole('dialog', { name: 'Share this product' });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
  await expect(dialog.getByRole('button', { name: 'Close dialog' })).toBeFocused();
  await expect(page.locator('html')).toHaveCSS('overflow', 'hidden');
  // Inert: a control of the page behind cannot take the focus, and Tab only visits the dialog's own controls.
  const behind = await page.evaluate(() => {
    const button = [...document.querySelectorAll('main button')].find((b) => b.textContent?.trim() === 'Add to Cart') as HTMLButtonElement | undefined;
    button?.focus();
    return { found: button !== undefined, focused: document.activeElement === button };
  });
  expect(behind).toEqual({ found: true, focused: false });
  for (const name of ['Copy Link', 'Facebook', 'Twitter', 'WhatsApp']) {
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole(name === 'Copy Link' ? 'button' : 'link', { name })).toBeFocused();
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(share).toBeFocused();
  await expect(page.locator('html')).not.toHaveCSS('overflow', 'hidden');
});

test('on a 360 px phone the lightbox opens on the image the page shows, swaps in the large one, and keeps its dots clear of the Add to Cart bar', async ({
  page,
  request,
}) => {
  const answer = await request.get('/api/products', { params: { limit: 100 } });
  const { data } = (await answer.json()) as { data: { data: Product[] } };
  const product = data.data.find((p) => p.productImages.length >= 2);
  if (!product) throw new Error('The demo catalogue has no product with two images');
  await page.setViewportSize({ width: 360, height: 740 });
  // The large renditions wait until the test lets them through, as on a slow connection.
  let releaseLarge = () => {};
  const largeHeld = new Promise<void>((resolve) => (releaseLarge = resolve));
  await page.route(/\/media\/.*\?w=1200$/, async (route) => {
    await largeHeld;
    await route.continue();
  });

  await openHydrated(page, `/products/${product._id}`);
  const main = page.getByRole('img', { name: `${product.productName} (1 of ${product.productImages.length})` });
  await expect(main).toHaveJSProperty('complete', true);
  const shownOnPage = await main.evaluate((img: HTMLImageElement) => img.currentSrc);
  await page.getByRole('button', { name: /^Open image 1 of \d+ full size$/ }).click();

  const lightbox = page.getByRole('dialog', { name: `${product.productName} — image 1 of ${product.productImages.length}` });
  const drawn = () =>
    lightbox.evaluate((dialog) =>
      [...dialog.querySelectorAll('img')]
        .filter((img) => img.complete && img.naturalWidth > 0 && img.getBoundingClientRect().width > 0)
        .map((img) => img.currentSrc),
    );
  await expect.poll(drawn).toEqual([shownOnPage]);
  releaseLarge();
  await expect.poll(drawn).toEqual([expect.stringMatching(/\?w=1200$/)]);

  const bar = await page.evaluate(() => {
    const addToCart = [...document.querySelectorAll('main button')].find((button) => button.textContent?.trim() === 'Add to Cart');
    return addToCart?.parentElement?.getBoundingClientRect().top;
  });
  expect(bar).toBeDefined();
  const dots = lightbox.getByRole('button', { name: /^Show image \d+ of \d+$/ });
  for (const dot of await dots.all()) {
    const box = await dot.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeLessThanOrEqual(bar!);
  }
});
