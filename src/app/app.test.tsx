import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { currentRoutePattern } from '@/lib/route-pattern';
import { ok, stubApi } from '@/test/api';
import { App, createBrowserApp } from './app';

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  // TanStack's restore reports the missing IndexedDB on the console before giving up on it.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('App', () => {
  it('renders where IndexedDB is unavailable (as in jsdom): the saved cache is skipped, not waited for', async () => {
    stubApi({ 'GET /api/logo': ok(null) });
    window.history.replaceState(null, '', '/cart');
    render(<App app={createBrowserApp()} hydrating={false} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeInTheDocument();
  });

  it('opened with no connection, knows it at once: the offline banner shows', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    stubApi({});
    window.history.replaceState(null, '', '/cart');
    render(<App app={createBrowserApp()} hydrating={false} />);
    expect(await screen.findByText('You are offline — showing what you saw last')).toBeInTheDocument();
  });

  it.each([
    ['/admin/orders/o1', '/admin/$'],
    ['/seller', '/seller/$'],
  ])('names a back-office page (%s) by its area (%s) in error reports and web vitals, never as the home page', (path, pattern) => {
    window.history.replaceState(null, '', path);
    createBrowserApp();
    expect(currentRoutePattern()).toBe(pattern);
  });
});
