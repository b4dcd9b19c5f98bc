import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, useParams } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';

/** Where the page may send the shopper; each renders 'Page {path}' so a test can see where it landed. */
const DESTINATIONS = ['/', '/products', '/login', '/checkout'];

/** Renders `page` at /products/{id} inside a real router (memory history) and a fresh query client. */
export async function renderAtProduct(id: string, page: (id: string) => ReactNode) {
  // jsdom has no scrolling; the router resets the scroll position on every navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const rootRoute = createRootRoute({ component: Outlet });
  const productRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/products/$id',
    component: function ProductRoute() {
      return page(useParams({ strict: false }).id ?? '');
    },
  });
  const routes = [productRoute, ...DESTINATIONS.map((p) => createRoute({ getParentRoute: () => rootRoute, path: p, component: () => <p>Page {p}</p> }))];
  const history = createMemoryHistory({ initialEntries: [`/products/${id}`] });
  const router = createRouter({ routeTree: rootRoute.addChildren(routes), history, scrollRestoration: false });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  await router.load();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

type Reply = { status?: number; body: unknown };
type Handler = Reply | ((body: unknown) => Reply | Promise<Reply>);

/**
 * Stubs `fetch` at the network edge: one answer per "METHOD /api/path?query" (the query as the page sends it);
 * anything else answers 404. Returns the spy, whose calls hold what the page sent.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const handler = handlers[key];
    const sent: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const reply = await (typeof handler === 'function' ? handler(sent) : (handler ?? { status: 404, body: { success: false, message: 'Not found' } }));
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const ok = (data: unknown): Reply => ({ body: { success: true, message: 'OK', data } });
