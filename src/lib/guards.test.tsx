import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs } from '@/test/fixtures';
import { backOfficeAreaOf, publicOnly, requireAnyRole, requireAuth, requireRole, safeRedirect } from './guards';
import { session } from './session';

/** A small tree with one route per guard; each page names itself. */
function buildTree() {
  const root = createRootRoute({ component: Outlet });
  const page = (path: string, options: object = {}) => createRoute({ getParentRoute: () => root, path, component: () => <h1>page {path}</h1>, ...options });
  return root.addChildren([
    page('/'),
    page('/login', { beforeLoad: publicOnly, validateSearch: (search: Record<string, unknown>) => search }),
    page('/unauthorized'),
    page('/orders', { beforeLoad: requireAuth }),
    page('/customer', { beforeLoad: requireRole('user') }),
    page('/catalogue-admin', { beforeLoad: requireAnyRole(['admin', 'seller']) }),
  ]);
}

async function visit(path: string) {
  const router = createRouter({ routeTree: buildTree(), history: createMemoryHistory({ initialEntries: [path] }) });
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { level: 1 });
  return router.state.location;
}

beforeEach(() => {
  session.logout();
  // jsdom has no scrolling; the router scrolls after every navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

describe('route guards', () => {
  it('private route, signed out: goes to /login remembering the path and query', async () => {
    const location = await visit('/orders?status=pending');
    expect(location.pathname).toBe('/login');
    expect(location.search).toEqual({ redirect: '/orders?status=pending' });
    expect(screen.getByRole('heading')).toHaveTextContent('page /login');
  });

  it('private route, signed in: opens', async () => {
    signInAs('seller');
    expect((await visit('/orders')).pathname).toBe('/orders');
  });

  it('single-role guard, signed out: goes to /login first', async () => {
    const location = await visit('/customer');
    expect(location.pathname).toBe('/login');
    expect(location.search).toEqual({ redirect: '/customer' });
  });

  it('single-role guard, other role: goes to /unauthorized', async () => {
    signInAs('seller');
    expect((await visit('/customer')).pathname).toBe('/unauthorized');
  });

  it('single-role guard, matching role: opens', async () => {
    signInAs('user');
    expect((await visit('/customer')).pathname).toBe('/customer');
  });

  it('role-list guard, role not listed: goes home', async () => {
    signInAs('user');
    expect((await visit('/catalogue-admin')).pathname).toBe('/');
  });

  it('role-list guard, listed role: opens', async () => {
    signInAs('seller');
    expect((await visit('/catalogue-admin')).pathname).toBe('/catalogue-admin');
  });

  it('public-only route, signed in: goes home', async () => {
    signInAs('user');
    expect((await visit('/login')).pathname).toBe('/');
  });

  it('public-only route, signed out: opens', async () => {
    expect((await visit('/login')).pathname).toBe('/login');
  });
});

describe('safeRedirect', () => {
  it('keeps same-site paths', () => {
    expect(safeRedirect('/user/my-orders?tab=pending')).toBe('/user/my-orders?tab=pending');
  });

  it.each([['https://evil.example/phish'], ['//evil.example/phish'], ['javascript:alert(1)'], [''], [42], [undefined]])('drops %j', (target) => {
    expect(safeRedirect(target)).toBeUndefined();
  });
});

describe('backOfficeAreaOf', () => {
  it.each([
    ['/admin', 'admin'],
    ['/admin/', 'admin'],
    ['/admin/orders/o1', 'admin'],
    ['/seller', 'seller'],
    ['/seller/products/new', 'seller'],
    ['/administrator', null],
    ['/sellers', null],
    ['/products/admin', null],
    ['/', null],
  ])('%s opens %s', (path, area) => {
    expect(backOfficeAreaOf(path)).toBe(area);
  });
});
