import { createRoute, type HistoryState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { destinationRoutes, renderInRouter } from '@/test/render-in-router';

/** Every path the auth screens lead to; each renders 'Page {path}' so a test can see where it landed. */
const DESTINATIONS = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/otp-verification',
  '/otp-verification-register',
  '/reset-password',
  '/verify/pending',
  '/products',
];

type RenderPageOptions = { path?: string; state?: HistoryState; strict?: boolean };

/** Renders a page inside a real router (memory history) and a fresh query client, the way the app does. */
export async function renderPage(page: ReactNode, { path = '/screen', state, strict = false }: RenderPageOptions = {}) {
  return renderInRouter(
    (root) => [
      createRoute({ getParentRoute: () => root, path, component: () => page }),
      ...destinationRoutes(root, DESTINATIONS.filter((p) => p !== path)),
    ],
    { at: path, state, strict },
  );
}

type Reply = { status?: number; body: unknown };
type Handler = Reply | ((body: unknown) => Reply | Promise<Reply>);

/**
 * Stubs `fetch` at the network edge with one answer per API path (e.g. '/api/user/signin');
 * unknown paths answer 404. Returns the spy, whose calls hold what the page sent.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const handler = handlers[path];
    const sent: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const reply = await (typeof handler === 'function'
      ? handler(sent)
      : (handler ?? { status: 404, body: { success: false, message: 'Not found' } }));
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON bodies sent to one API path, in order. */
export function bodiesSentTo(fetchMock: ReturnType<typeof stubApi>, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => String(input) === path)
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
}

export const testUser = {
  _id: 'u1',
  name: 'Rahim Uddin',
  email: 'rahim@example.com',
  role: 'user' as const,
  isEmailVerified: true,
  profileImg: null,
  phone: null,
  address: null,
  googleId: null,
};
