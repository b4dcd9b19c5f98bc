import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
import { stubApi } from '@/test/api';
import { signInAs } from '@/test/fixtures';
import { renderApp } from '@/test/render';

// Logout lands on /login; the real sign-in screen belongs to the auth feature and is not under test here.
vi.mock('@/features/auth', () => ({ LoginPage: () => <h1>Login page</h1> }));

const logoAnswer = (data: unknown) => ({ body: { success: true, message: 'ok', data } });

beforeEach(() => {
  session.logout();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

describe('main layout', () => {
  it('has the landmarks in order: header with the main navigation, a full-height main, footer', async () => {
    stubApi({ 'GET /api/logo': logoAnswer(null) });
    renderApp('/products');

    // The first render of the file loads the route's code on demand, as the browser does: longer than a later one.
    const header = await screen.findByRole('banner', {}, { timeout: 5_000 });
    const main = screen.getByRole('main');
    const footer = await screen.findByRole('contentinfo');
    expect(within(header).getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(main).toHaveClass('min-h-screen');
    expect(within(main).getByRole('heading', { level: 1 })).toHaveTextContent('Products');
    expect(header.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(main.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("the search box's own submission, before the app has started or without JavaScript, opens the listing", async () => {
    stubApi({ 'GET /api/logo': logoAnswer(null) });
    renderApp('/');

    const search = await screen.findByRole('search');
    expect(search).toHaveAttribute('action', '/products');
    expect(search).toHaveAttribute('method', 'get');
    expect(within(search).getByRole('searchbox', { name: 'Search products' })).toHaveAttribute('name', 'search');
  });

  it('fetches the logo once and shows it in the navigation bar and the footer', async () => {
    const fetchMock = stubApi({ 'GET /api/logo': logoAnswer({ _id: 'l1', url: '/media/logo.png', alt: 'haat bazaar' }) });
    renderApp('/');

    const header = await screen.findByRole('banner');
    const footer = await screen.findByRole('contentinfo');
    expect(await within(header).findByRole('img', { name: 'haat bazaar' })).toHaveAttribute('src', '/media/logo.png?w=160');
    // Never the page's largest picture: it leaves the link to that one first.
    expect(within(header).getByRole('img', { name: 'haat bazaar' })).toHaveAttribute('fetchpriority', 'low');
    expect(within(footer).getByRole('img', { name: 'haat bazaar' })).toHaveAttribute('src', '/media/logo.png?w=160');
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/logo')).toHaveLength(1);
  });

  it.each([
    ['there is no logo', () => logoAnswer(null)],
    ['the logo call fails', () => ({ status: 500, body: { success: false, message: 'Server error' } })],
  ])('shows the "haat" wordmark when %s', async (_case, answer) => {
    stubApi({ 'GET /api/logo': answer });
    renderApp('/');

    const header = await screen.findByRole('banner');
    const homeLink = within(header).getByRole('link', { name: 'haat home' });
    await waitFor(() => expect(homeLink).toHaveTextContent('haat'));
    expect(within(header).queryByRole('img')).not.toBeInTheDocument();
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'haat home' })).toHaveTextContent('haat');
  });

  it('falls back to the wordmark when the logo image cannot load', async () => {
    stubApi({ 'GET /api/logo': logoAnswer({ _id: 'l1', url: '/media/broken.png', alt: 'haat' }) });
    renderApp('/');

    const header = await screen.findByRole('banner');
    const img = await within(header).findByRole('img', { name: 'haat' });
    img.dispatchEvent(new Event('error'));

    await waitFor(() => expect(within(header).queryByRole('img')).not.toBeInTheDocument());
    expect(within(header).getByRole('link', { name: 'haat home' })).toHaveTextContent('haat');
  });

  it('links Products and Wishlist, and offers Sign in when signed out', async () => {
    stubApi({ 'GET /api/logo': logoAnswer(null) });
    renderApp('/');

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products');
    expect(within(nav).getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/wishlist');
    expect(within(nav).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(within(nav).queryByRole('link', { name: 'My Account' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('signed in: My Account and Logout; Logout ends the session and goes to /login', async () => {
    signInAs('user');
    localStorage.setItem('cart', JSON.stringify([{ productId: 'p1', quantity: 2 }]));
    const fetchMock = stubApi({
      'GET /api/logo': logoAnswer(null),
      'POST /api/user/logout': { body: { success: true, message: 'Logged out', data: null } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/products');

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/user');
    expect(within(nav).queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fetchMock).toHaveBeenCalledWith('/api/user/logout', expect.objectContaining({ method: 'POST' }));
    expect(session.get().token).toBeNull();
    expect(localStorage.getItem('cart')).toBeNull();
    expect(await within(nav).findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });

  it.each([
    ['admin', 'Admin', '/admin'],
    ['seller', 'Seller', '/seller'],
  ] as const)('signed in as %s: the back office where a customer has My Account', async (role, label, href) => {
    signInAs(role);
    stubApi({ 'GET /api/logo': logoAnswer(null) });
    renderApp('/products');

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('href', href);
    expect(within(nav).queryByRole('link', { name: 'My Account' })).not.toBeInTheDocument();
  });

  it('marks the current section in the navigation', async () => {
    stubApi({ 'GET /api/logo': logoAnswer(null) });
    renderApp('/products/p-1');

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Wishlist' })).not.toHaveAttribute('aria-current');
  });

  it('footer: logo, links to Products, My Account and Wishlist, and "© haat"', async () => {
    stubApi({ 'GET /api/logo': logoAnswer(null) });
    renderApp('/');

    const footer = await screen.findByRole('contentinfo');
    const links = within(within(footer).getByRole('navigation', { name: 'Footer' })).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Products', '/products'],
      ['My Account', '/user'],
      ['Wishlist', '/wishlist'],
    ]);
    expect(within(footer).getByText('© haat')).toBeInTheDocument();
  });
});
