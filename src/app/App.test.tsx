import { onlineManager } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App, createBrowserApp } from './App';
import { stubApi } from './testing';

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  // TanStack's restore reports the missing IndexedDB on the console before giving up on it.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

describe('App', () => {
  it('renders where IndexedDB is unavailable (as in jsdom): the saved cache is skipped, not waited for', async () => {
    stubApi({ 'GET /api/logo': { body: { success: true, message: 'ok', data: null } } });
    window.history.replaceState(null, '', '/cart');
    render(<App app={createBrowserApp()} hydrating={false} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeInTheDocument();
  });

  it('opened with no connection, knows it at once: the offline banner shows', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchMock = stubApi({});
    window.history.replaceState(null, '', '/cart');
    render(<App app={createBrowserApp()} hydrating={false} />);
    expect(await screen.findByText('You are offline — showing what you saw last')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
