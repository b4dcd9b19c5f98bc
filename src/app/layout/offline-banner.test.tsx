import { onlineManager } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
import { ok, stubApi } from '@/test/api';
import { renderApp } from '@/test/render';

const BANNER = 'You are offline — showing what you saw last';

beforeEach(() => {
  session.logout();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

describe('offline banner', () => {
  it('says so inside the page while offline, below the navigation bar, and goes when the connection returns', async () => {
    stubApi({ 'GET /api/logo': ok(null) });
    renderApp('/cart');
    const main = await screen.findByRole('main');
    await screen.findByRole('heading', { level: 1, name: 'Shopping Cart' });
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();

    act(() => void window.dispatchEvent(new Event('offline')));
    const banner = within(main).getByText(BANNER);
    expect(banner.closest('[role="status"]')).not.toBeNull();
    expect(within(await screen.findByRole('banner')).queryByText(BANNER)).not.toBeInTheDocument();

    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
  });

  it('offline with no logo saved: the wordmark, not a loading placeholder', async () => {
    const fetchMock = stubApi({});
    onlineManager.setOnline(false);
    renderApp('/cart');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'haat home' })).toHaveTextContent('haat');
    expect(screen.getByText(BANNER)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
