import { expect } from 'vitest';
import type { Person, TestApp } from '../../test/harness';
import { orderPayload, placed, postOrder, type StockedShop } from '../orders/test-fixtures';
import type { Fields } from './protocol';

export type SandboxForm = { action: string; fields: Fields };

const unescapeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!);

/** The three forms of a sandbox payment page (Pay, Fail, Cancel), read the way a browser would submit them. */
export function readSandboxForms(html: string): Record<'pay' | 'fail' | 'cancel', SandboxForm> {
  const forms: Partial<Record<'pay' | 'fail' | 'cancel', SandboxForm>> = {};
  for (const match of html.matchAll(/<form method="post" action="([^"]+)">(.*?)<button type="submit" class="(pay|fail|cancel)">/gs)) {
    const fields: Fields = {};
    for (const input of match[2]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields[unescapeHtml(input[1]!)] = unescapeHtml(input[2]!);
    forms[match[3] as 'pay' | 'fail' | 'cancel'] = { action: unescapeHtml(match[1]!), fields };
  }
  expect(Object.keys(forms).sort()).toEqual(['cancel', 'fail', 'pay']);
  return forms as Record<'pay' | 'fail' | 'cancel', SandboxForm>;
}

/** A form post as the browser sends it. */
export function postForm(t: TestApp, url: string, fields: Fields) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The path of one of our absolute URLs, for app.inject. */
export const pathOf = (t: TestApp, url: string) => {
  expect(url.startsWith(`${t.config.publicUrl}/`)).toBe(true);
  return url.slice(t.config.publicUrl.length);
};

/** Places a mobile-banking order for `customer` and answers the order with its sandbox payment page. */
export async function placeMobileBankingOrder(t: TestApp, shop: StockedShop, customer: Person, quantity = 1) {
  const res = await postOrder(
    t,
    customer.headers,
    orderPayload(customer, { paymentMethod: 'mobile-banking', paymentNumber: '01711999888', items: [{ productId: shop.saree.id, quantity }] }),
  );
  expect(res.statusCode).toBe(201);
  const { order, url } = placed(res);
  expect(url).toMatch(new RegExp(`^${t.config.publicUrl}/sandbox/pay/[0-9A-F]{32}$`));
  const page = await t.app.inject({ method: 'GET', url: pathOf(t, url!) });
  expect(page.statusCode).toBe(200);
  return { order, url: url!, page, forms: readSandboxForms(page.body) };
}

/**
 * The shopper presses a button on the sandbox page: the sandbox records it (and sends its IPN), then answers a 307
 * to our callback, which the browser follows with the same fields. Answers our callback's response.
 */
export async function pressAndReturn(t: TestApp, form: SandboxForm, expectedCallback: 'success' | 'fail' | 'cancel') {
  const pressed = await postForm(t, form.action, form.fields);
  expect(pressed.statusCode).toBe(307);
  expect(pressed.headers.location).toBe(`${t.config.publicUrl}/api/payment/${expectedCallback}`);
  return postForm(t, pathOf(t, pressed.headers.location!), form.fields);
}
