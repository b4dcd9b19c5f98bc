import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { checkoutCashOrder, freshPhone, inStockProducts, registerVerifiedCustomer, serverOrders } from './support/app';
import { waitForCashCode } from './support/outbox';

/** A new customer's cash order from a number with no delivered order, placed through checkout: it waits for its code. */
async function placeCashOrder(page: Page, request: APIRequestContext, name: string) {
  const customer = await registerVerifiedCustomer(request, name);
  const [product] = await inStockProducts(request, 1, { minStock: 5 });
  if (!product) throw new Error('the seeded catalogue has no product in stock');
  const phone = freshPhone();
  await checkoutCashOrder(page, customer, product, phone);
  await expect(page).toHaveURL((url) => url.pathname === '/user/my-orders');
  const [placed] = await serverOrders(page);
  if (!placed) throw new Error('the order was not placed');
  return { placed, phone };
}

test.describe('a shopper confirms a cash order on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });
  // Registration, the cart, checkout and the confirmation: longer than one screen's default budget.
  test.setTimeout(60_000);

  test('the code texted to the order’s phone confirms it on My Orders', async ({ page, request }) => {
    const { placed, phone } = await placeCashOrder(page, request, 'Cash Shopper');
    const card = page.getByRole('article', { name: `#${placed._id.slice(-6)}` });
    const form = card.getByRole('form', { name: 'Waiting for confirmation' });
    await expect(form).toBeVisible();
    await expect(form).toContainText(`We texted a code to ${phone}`);

    // A wrong code is refused by the server and said beside the field.
    const code = await waitForCashCode(phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const field = form.getByLabel('Confirmation code');
    await field.fill(wrong);
    await form.getByRole('button', { name: 'Confirm order' }).click();
    await expect(form).toContainText('That code is not right. Check the SMS and try again.');

    // Targets a thumb can hit, and nothing wider than the phone.
    for (const target of [field, form.getByRole('button', { name: 'Confirm order' }), form.getByRole('button', { name: 'Send a new code' })]) {
      expect((await target.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await field.fill(code);
    await form.getByRole('button', { name: 'Confirm order' }).click();
    await expect(page.getByText('Your order is confirmed. Thank you!')).toBeVisible();
    await expect(form).toHaveCount(0);
    await expect.poll(async () => (await serverOrders(page)).find((order) => order._id === placed._id)?.cashConfirmation).toBe('confirmed');
  });

  test('in Bangla, the same code confirms it, and a wrong one is refused in Bangla', async ({ page, request }) => {
    const { placed, phone } = await placeCashOrder(page, request, 'Bangla Cash Shopper');

    await page.goto('/user/my-orders?lang=bn');
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    // The order's number is the same ASCII text in every language.
    const card = page.getByRole('article', { name: `#${placed._id.slice(-6)}` });
    const form = card.getByRole('form', { name: 'নিশ্চিতকরণের অপেক্ষায়' });
    await expect(form).toBeVisible();

    const code = await waitForCashCode(phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const field = form.getByLabel('নিশ্চিতকরণ কোড');
    await field.fill(wrong);
    await form.getByRole('button', { name: 'অর্ডার নিশ্চিত করুন' }).click();
    await expect(form).toContainText('কোডটি সঠিক নয়। এসএমএস দেখে আবার চেষ্টা করুন।');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await field.fill(code);
    await form.getByRole('button', { name: 'অর্ডার নিশ্চিত করুন' }).click();
    await expect(page.getByText('আপনার অর্ডার নিশ্চিত হয়েছে। ধন্যবাদ!')).toBeVisible();
    await expect(form).toHaveCount(0);
    await expect.poll(async () => (await serverOrders(page)).find((order) => order._id === placed._id)?.cashConfirmation).toBe('confirmed');
  });
});
