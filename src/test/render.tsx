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
import { StrictMode, type ReactNode } from 'react';
import { vi } from 'vitest';
import { createAppRouter } from '@/app/router';

/** Every place a page may send the shopper; each renders 'Page {path}' so a test can see where it landed. */
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
  '/products/$id',
  '/cart',
  '/checkout',
  '/user/my-orders',
];

const newQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/**
 * Renders the routes `build` makes under a bare root, in a real router on memory history starting at `at`
 * (with `state` when given) and a query client, the way the app does.
 */
async function renderInRouter(
  build: (root: AnyRoute) => AnyRoute[],
  { at, state, strict = false, queryClient = newQueryClient() }: { at: string; state?: HistoryState; strict?: boolean; queryClient?: QueryClient },
) {
  // jsdom has no scrolling; the router resets the scroll position on every navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const root = createRootRoute({ component: Outlet });
  const history = createMemoryHistory({ initialEntries: [at] });
  if (state) history.replace(at, state);
  const router = createRouter({ routeTree: root.addChildren(build(root)), history, scrollRestoration: false });
  await router.load();
  const app = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, router, queryClient };
}

type PageOptions<Search> = {
  /** Where the router starts, with its query. */
  at: string;
  /** The page's route, e.g. '/products/$id'; `at` without its query when absent. */
  path?: string;
  state?: HistoryState;
  strict?: boolean;
  /** Parses the page's query, as its route does; the page is handed the result. */
  validateSearch?: (search: Record<string, unknown>) => Search;
  /** A query client prepared by the test; a fresh one when absent. */
  queryClient?: QueryClient;
};

/**
 * Renders a page on its route in a real router and query client; every other place it may lead to renders
 * 'Page {path}'. `page` may be a function of the route's params and parsed query.
 */
export async function renderPage<Search = Record<string, unknown>>(
  page: ReactNode | ((route: { params: Record<string, string>; search: Search }) => ReactNode),
  { at, path = at.split('?')[0] ?? at, state, strict, validateSearch, queryClient }: PageOptions<Search>,
) {
  return renderInRouter(
    (root) => {
      const pageRoute: AnyRoute = createRoute({
        getParentRoute: () => root,
        path,
        validateSearch,
        component: function Page() {
          const params = pageRoute.useParams() as Record<string, string>;
          const search = pageRoute.useSearch() as Search;
          return typeof page === 'function' ? page({ params, search }) : page;
        },
      });
      const others = DESTINATIONS.filter((destination) => destination !== path).map((destination) =>
        createRoute({ getParentRoute: () => root, path: destination, component: () => <p>Page {destination}</p> }),
      );
      return [pageRoute, ...others];
    },
    { at, state, strict, queryClient },
  );
}

/** The app's real router and route tree, on an in-memory history starting at `path`. */
export function renderApp(path: string) {
  const queryClient = newQueryClient();
  const router = createAppRouter(queryClient);
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [path] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}
