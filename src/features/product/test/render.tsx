import { createRoute, useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { destinationRoutes, renderInRouter } from '@/test/render-in-router';

/** Where the page may send the shopper; each renders 'Page {path}' so a test can see where it landed. */
const DESTINATIONS = ['/', '/products', '/login', '/checkout'];

/** Renders `page` at /products/{id} inside a real router (memory history) and a fresh query client. */
export async function renderAtProduct(id: string, page: (id: string) => ReactNode) {
  return renderInRouter(
    (root) => [
      createRoute({
        getParentRoute: () => root,
        path: '/products/$id',
        component: function ProductRoute() {
          return page(useParams({ strict: false }).id ?? '');
        },
      }),
      ...destinationRoutes(root, DESTINATIONS),
    ],
    { at: `/products/${id}` },
  );
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
