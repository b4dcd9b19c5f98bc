import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { deliverClientErrorsTo, type CaughtError } from '@/lib/client-errors';
import { RouteError } from './route-error';

const reported: CaughtError[] = [];
deliverClientErrorsTo((caught) => reported.push(caught));

// The screen comes in a chunk of its own: transformed once here, not inside the first test's waiting time.
beforeAll(() => import('./error-screen'), 30_000);

beforeEach(() => {
  reported.length = 0;
  sessionStorage.clear();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

/** A page whose read fails with `failure` until `healed`, shown in a router whose errors show RouteError. */
async function renderFailingPage(read: () => Promise<string>, { throwOnError = true } = {}) {
  function Page() {
    const query = useQuery({ queryKey: ['page'], queryFn: read, throwOnError, retry: false });
    return <p>{query.data ?? 'Loading'}</p>;
  }
  const root = createRootRoute({ component: Outlet });
  const home = createRoute({ getParentRoute: () => root, path: '/', component: () => <p>Home page</p> });
  const page = createRoute({ getParentRoute: () => root, path: '/page', component: Page });
  const router = createRouter({
    routeTree: root.addChildren([home, page]),
    history: createMemoryHistory({ initialEntries: ['/page'] }),
    defaultErrorComponent: RouteError,
    scrollRestoration: false,
  });
  await router.load();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the error screen', () => {
  it('explains a server failure, shows its request id, reports it, and Try again runs the failed read again', async () => {
    let healed = false;
    const read = vi.fn(async () => {
      if (!healed) throw new ApiError('Internal Server Error', 500, undefined, true, 'serverError', undefined, 'req-42');
      return 'The page, loaded';
    });
    await renderFailingPage(read);

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('This page could not be loaded because of a problem on our side. Please try again in a moment.')).toBeInTheDocument();
    expect(screen.getByText('Your cart and anything waiting to be sent are kept.')).toBeInTheDocument();
    expect(screen.getByText('Reference for support: req-42')).toBeInTheDocument();
    expect(screen.queryByText(/Page Not Found/)).not.toBeInTheDocument();
    expect(reported).toEqual([expect.objectContaining({ kind: 'boundary', error: expect.objectContaining({ requestId: 'req-42' }) })]);

    healed = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The page, loaded')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('says when the shop could not be reached, without a request id; Go home leaves the screen', async () => {
    await renderFailingPage(async () => {
      throw new ApiError('Network error: check your connection and try again', 0);
    });

    expect(await screen.findByText(/haat could not be reached/)).toBeInTheDocument();
    expect(screen.queryByText(/Reference for support/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go home' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('reloads once for a new build when a part of the page fails to load; failing again soon after, it offers Reload', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    sessionStorage.setItem('haat:chunk-reload-at', String(Date.now()));
    await renderFailingPage(async () => {
      throw new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/cart-Ab12.js');
    });

    expect(await screen.findByText(/A new version of haat is out/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
