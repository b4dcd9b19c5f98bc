import { expect, test } from '@playwright/test';
import { orderNumber } from '../contract/order-number';
import { inStockProducts, placeOrderThroughApi, signedInCustomer, signIn } from './support/app';
import { ADMIN } from './support/env';
import { expectNoSidewaysScroll } from './support/screen-fit';

const BANGLA_DIGIT = /[০-৯]/;
const ASCII_DIGIT = /[0-9]/;

test.describe('the back office in Bangla', () => {
  test.setTimeout(60_000);

  test('an admin switches to Bangla: the dashboard and the order queue speak Bangla with Bangla digits, a product form refuses in Bangla, and nothing scrolls sideways at 360 px', async ({
    page,
    request,
  }) => {
    const customer = await signedInCustomer(request, `Bangla Queue ${Date.now().toString(36)}`);
    const [product] = await inStockProducts(request, 1, { minStock: 5, skip: 3 });
    if (!product) throw new Error('the seeded catalogue has no product in stock');
    const { order } = await placeOrderThroughApi(request, customer, product);
    const number = orderNumber(order._id);

    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // The back office's own switch, beside the way out.
    await page.getByRole('link', { name: 'বাংলা' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(page.getByRole('heading', { level: 1, name: 'ড্যাশবোর্ড' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'হাট অ্যাডমিন' }).getByRole('link', { name: 'অর্ডার' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'অবস্থা অনুযায়ী অর্ডার' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'অপেক্ষমাণ' }).first()).toBeVisible();
    const sales = page.getByRole('region', { name: 'বিক্রি' });
    await expect(sales.getByRole('listitem', { name: 'আজ' })).toContainText('৳');
    const salesFigures = await sales.innerText();
    expect(salesFigures).toMatch(BANGLA_DIGIT);
    expect(salesFigures).not.toMatch(ASCII_DIGIT);
    await expect(page.getByRole('heading', { name: 'দিনপ্রতি আয়, গত ৩০ দিন' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the dashboard in Bangla');

    // The order queue: its labels and filters in Bangla, its amounts and dates in Bangla digits, its order numbers as everywhere.
    await page.getByRole('link', { name: 'অর্ডার', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'অর্ডার' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'অর্ডার ফিল্টার' })).toBeVisible();
    await expect(page.getByLabel('পেমেন্টের অবস্থা')).toBeVisible();
    await expect(page.getByRole('button', { name: 'CSV এক্সপোর্ট' })).toBeVisible();
    const card = page
      .getByRole('list', { name: 'অর্ডার' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: `অর্ডার #${number}` }) });
    await expect(card).toContainText(`#${number}`);
    await expect(card).toContainText('অপেক্ষমাণ');
    await expect(card).toContainText('ক্যাশ');
    const shown = await card.innerText();
    expect(shown).toMatch(/৳[০-৯]/);
    expect(shown).not.toMatch(/৳[0-9]/);
    await expect(page.getByText(/^[০-৯,]+টি অর্ডার$/)).toBeVisible();
    await expectNoSidewaysScroll(page, 'the order queue in Bangla');

    // A product form checks with the contract's rules and says what is wrong in Bangla.
    await page.getByRole('navigation', { name: 'হাট অ্যাডমিন' }).getByRole('link', { name: 'পণ্য' }).click();
    await page.getByRole('link', { name: 'পণ্য যোগ করুন' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'নতুন পণ্য' })).toBeVisible();
    await page.getByLabel('দাম (৳)').fill('০');
    await page.getByRole('button', { name: 'পণ্য তৈরি করুন' }).click();
    await expect(page.getByText('পণ্যের নাম দিন')).toBeVisible();
    // ০ is read as 0: refused for its value, not as something that is no number.
    await expect(page.getByText('দাম ০-এর বেশি হতে হবে')).toBeVisible();
    await expect(page.getByText('Product name is required')).toHaveCount(0);
    await expectNoSidewaysScroll(page, 'the product editor in Bangla');

    // And back: the English texts are the spec's, unchanged.
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
    await expect(page.getByText('Product name is required')).toBeVisible();
  });
});
