import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  type HistoryState,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { vi } from 'vitest';

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
  // jsdom has no scrolling; the router resets the scroll position on every navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const rootRoute = createRootRoute({ component: Outlet });
  const routes = [
    createRoute({ getParentRoute: () => rootRoute, path, component: () => page }),
    ...DESTINATIONS.filter((p) => p !== path).map((p) =>
      createRoute({ getParentRoute: () => rootRoute, path: p, component: () => <p>Page {p}</p> }),
    ),
  ];
  const history = createMemoryHistory({ initialEntries: [path] });
  if (state) history.replace(path, state);
  const router = createRouter({ routeTree: rootRoute.addChildren(routes), history, scrollRestoration: false });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  await router.load();
  const app = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, router };
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
