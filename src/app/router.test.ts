import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makeProduct, productPage } from '@/test/fixtures';
import { carriedQueries } from './carried-queries';
import { createAppRouter } from './router';

type CarriedState = { queries: unknown };
/** As the server's renderer has the router carry its reads into the page, and the page's script holds them. */
const carry = (server: QueryClient) => JSON.parse(JSON.stringify({ queries: carriedQueries(server) })) as CarriedState;
const receive = (router: ReturnType<typeof createAppRouter>, state: CarriedState) => (router.options.hydrate as (state: CarriedState) => void)(state);

describe("the router's first reads in the page", () => {
  it('carries each answered read with its key and time, and the browser holds it as read then', () => {
    const server = new QueryClient();
    server.setQueryData(['banners'], [{ _id: 'b1' }], { updatedAt: 1_000 });
    server.setQueryData(['categories'], [{ _id: 'c1' }], { updatedAt: 2_000 });
    void server.prefetchQuery({ queryKey: ['pending'], queryFn: () => new Promise(() => undefined) });
    const state = carry(server);
    expect(state.queries).toEqual([
      [['banners'], [{ _id: 'b1' }], 1_000],
      [['categories'], [{ _id: 'c1' }], 2_000],
    ]);

    const browser = new QueryClient();
    receive(createAppRouter(browser), state);
    expect(browser.getQueryData(['banners'])).toEqual([{ _id: 'b1' }]);
    expect(browser.getQueryState(['categories'])).toMatchObject({ status: 'success', dataUpdatedAt: 2_000 });
    expect(browser.getQueryState(['pending'])).toBeUndefined();
  });

  it('keeps an answer the browser already holds that is newer than the page', () => {
    const server = new QueryClient();
    server.setQueryData(['banners'], ['old'], { updatedAt: 1_000 });
    const browser = new QueryClient();
    browser.setQueryData(['banners'], ['newer'], { updatedAt: 5_000 });
    receive(createAppRouter(browser), carry(server));
    expect(browser.getQueryData(['banners'])).toEqual(['newer']);
  });

  it("carries a list's products as their cards draw them, without the texts only their own page shows", () => {
    const server = new QueryClient();
    const product = makeProduct({
      productDescription: 'A long description',
      productDescriptionBn: 'একটি লম্বা বিবরণ',
      productDetails: ['Sturdy'],
      productDetailsBn: ['মজবুত'],
      faqs: [{ question: 'Gas stove?', answer: 'Yes.' }],
    });
    server.setQueryData(['products', 'list', { limit: 5 }], productPage([product]), { updatedAt: 1_000 });
    server.setQueryData(['products', 'detail', product._id], product, { updatedAt: 1_000 });
    const browser = new QueryClient();
    receive(createAppRouter(browser), carry(server));
    const card = { ...product, productDescription: '', productDescriptionBn: null, productDetails: [], productDetailsBn: [], faqs: [] };
    expect(browser.getQueryData(['products', 'list', { limit: 5 }])).toEqual(productPage([card]));
    expect(browser.getQueryData(['products', 'detail', product._id])).toEqual(product);
  });
});
