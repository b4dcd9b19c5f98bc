import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { ScreenLink } from './screen-link';

const renderLink = () =>
  renderPage(
    <ScreenLink area="admin" path="orders" search={{ status: 'pending', page: 2 }}>
      Pending orders
    </ScreenLink>,
    { at: '/admin/dashboard', path: '/admin/$' },
  );

describe('ScreenLink', () => {
  it("is a real link to the screen's address, which a plain click opens in place through the router", async () => {
    const { router } = await renderLink();
    const link = screen.getByRole('link', { name: 'Pending orders' });
    expect(link).toHaveAttribute('href', '/admin/orders?status=pending&page=2');
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'));
    expect(router.state.location.search).toEqual({ status: 'pending', page: 2 });
    expect(router.history.length).toBe(2);
  });

  it.each([{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }])(
    'leaves a click with %o to the browser',
    async (click) => {
      const { router } = await renderLink();
      let leftToTheBrowser = false;
      // Seen after the link's own handler, then stopped here: jsdom cannot open another page.
      const browser = (event: MouseEvent) => {
        leftToTheBrowser = !event.defaultPrevented;
        event.preventDefault();
      };
      document.addEventListener('click', browser);
      fireEvent.click(screen.getByRole('link', { name: 'Pending orders' }), click);
      document.removeEventListener('click', browser);
      expect(leftToTheBrowser).toBe(true);
      expect(router.state.location.pathname).toBe('/admin/dashboard');
    },
  );
});
