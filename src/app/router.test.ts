import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createAppRouter } from './router';

type CarriedState = { queries: unknown };
const carry = (router: ReturnType<typeof createAppRouter>) => JSON.parse(JSON.stringify((router.options.dehydrate as () => CarriedState)())) as CarriedState;
const receive = (router: ReturnType<typeof createAppRouter>, state: CarriedState) => (router.options.hydrate as (state: CarriedState) => void)(state);

describe("the router's first reads in the page", () => {
  it('carries each answered read with its key and time, and the browser holds it as read then', () => {
    const server = new QueryClient();
    server.setQueryData(['banners'], [{ _id: 'b1' }], { updatedAt: 1_000 });
    server.setQueryData(['products', 'list', { limit: 5 }], { data: [{ _id: 'p1' }] }, { updatedAt: 2_000 });
    void server.prefetchQuery({ queryKey: ['pending'], queryFn: () => new Promise(() => undefined) });
    const state = carry(createAppRouter(server));
    expect(state.queries).toEqual([
      [['banners'], [{ _id: 'b1' }], 1_000],
      [['products', 'list', { limit: 5 }], { data: [{ _id: 'p1' }] }, 2_000],
    ]);

    const browser = new QueryClient();
    receive(createAppRouter(browser), state);
    expect(browser.getQueryData(['banners'])).toEqual([{ _id: 'b1' }]);
    expect(browser.getQueryState(['products', 'list', { limit: 5 }])).toMatchObject({ status: 'success', dataUpdatedAt: 2_000 });
    expect(browser.getQueryState(['pending'])).toBeUndefined();
  });

  it('keeps an answer the browser already holds that is newer than the page', () => {
    const server = new QueryClient();
    server.setQueryData(['banners'], ['old'], { updatedAt: 1_000 });
    const browser = new QueryClient();
    browser.setQueryData(['banners'], ['newer'], { updatedAt: 5_000 });
    receive(createAppRouter(browser), carry(createAppRouter(server)));
    expect(browser.getQueryData(['banners'])).toEqual(['newer']);
  });
});
