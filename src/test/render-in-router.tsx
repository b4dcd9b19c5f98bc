import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  type AnyRoute,
  type HistoryState,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { vi } from 'vitest';

/** The bare root the routes hang from. */
type RootRoute = AnyRoute;

/** Routes that only say where a screen sent the shopper: each renders 'Page {path}'. */
export function destinationRoutes(root: RootRoute, paths: readonly string[]): AnyRoute[] {
  return paths.map((path) => createRoute({ getParentRoute: () => root, path, component: () => <p>Page {path}</p> }));
}

/**
 * Renders the routes `build` makes under a bare root, in a real router on memory history starting at `at`
 * (with `state` when given) and a fresh query client, the way the app does.
 */
export async function renderInRouter(
  build: (root: RootRoute) => AnyRoute[],
  { at, state, strict = false }: { at: string; state?: HistoryState; strict?: boolean },
) {
  // jsdom has no scrolling; the router resets the scroll position on every navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const root = createRootRoute({ component: Outlet });
  const history = createMemoryHistory({ initialEntries: [at] });
  if (state) history.replace(at, state);
  const router = createRouter({ routeTree: root.addChildren(build(root)), history, scrollRestoration: false });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  await router.load();
  const app = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, router, queryClient };
}
