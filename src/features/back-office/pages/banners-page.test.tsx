import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Banner, Category } from '@contract/catalogue';
import { ok, requestsTo, stubApi, type Handler } from '@/test/api';
import { signInAs } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { stubScreenWidth } from '@/test/screen-width';
import { BannersPage } from './banners-page';

const FRUITS: Category = { _id: 'c1', categoryName: 'Fruits', categoryNameBn: null, categoryImage: '/media/0123456789abcdef0123456789abcdef.jpg' };
const SALE: Banner = { _id: 'b1', bannerImage: '/media/abcdefabcdefabcdefabcdefabcdefab.jpg', bannerOffer: 20, bannerCategory: null, position: 1 };
const LOGO = { _id: 'l1', url: '/media/11111111111111111111111111111111.png', alt: 'haat' };

beforeEach(() => {
  signInAs('admin');
  stubScreenWidth(1280);
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = () => 'blob:http://localhost/chosen';
      static override revokeObjectURL = () => {};
    },
  );
});

describe('Banners & logo', () => {
  it('previews a new banner as the home page shows it (picture, offer badge, category) and sends it as a form', async () => {
    const fetchMock = stubApi({
      'GET /api/banner': ok([SALE]),
      'GET /api/categories': ok([FRUITS]),
      'GET /api/logo': ok(LOGO),
      'POST /api/banner': ok({ ...SALE, _id: 'b2' }, 201),
    });
    await renderPage(<BannersPage />, { at: '/admin/banners' });
    expect(await screen.findByRole('row', { name: /All products/ })).toHaveTextContent('20% off');

    await userEvent.click(screen.getByText('New banner'));
    await userEvent.upload(screen.getByLabelText('Banner image'), new File(['RIFF\0\0\0\0WEBPVP8 '], 'eid.webp', { type: 'image/webp' }));
    await userEvent.clear(screen.getByLabelText('Offer (% off)'));
    await userEvent.type(screen.getByLabelText('Offer (% off)'), '15');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Fruits');

    const preview = screen.getByRole('region', { name: 'Preview in the shop' });
    expect(within(preview).getByRole('img', { name: 'Fruits offer' })).toHaveAttribute('src', 'blob:http://localhost/chosen');
    expect(preview).toHaveTextContent('15% OFF');
    // The home page's own slide, linking where the shop's does, drawn as a picture the form's keyboard skips.
    expect(within(preview).getByRole('link')).toHaveAttribute('href', '/products?category=Fruits&discount=15');
    expect(within(preview).getByRole('link').closest('[inert]')).not.toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Create banner' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'POST /api/banner')).toHaveLength(1));
    const form = requestsTo(fetchMock, 'POST /api/banner')[0]!.body as FormData;
    expect(form.get('bannerOffer')).toBe('15');
    expect(form.get('bannerCategory')).toBe('c1');
    expect((form.get('bannerImage') as File).name).toBe('eid.webp');
  });

  it("checks the offer with the server's rule before sending", async () => {
    const fetchMock = stubApi({ 'GET /api/banner': ok([]), 'GET /api/categories': ok([]), 'GET /api/logo': ok(null) });
    await renderPage(<BannersPage />, { at: '/admin/banners' });
    await userEvent.click(await screen.findByText('New banner'));
    await userEvent.upload(screen.getByLabelText('Banner image'), new File(['RIFF\0\0\0\0WEBPVP8 '], 'eid.webp', { type: 'image/webp' }));
    await userEvent.clear(screen.getByLabelText('Offer (% off)'));
    await userEvent.type(screen.getByLabelText('Offer (% off)'), '120');
    await userEvent.click(screen.getByRole('button', { name: 'Create banner' }));

    expect(await screen.findByText('Offer must be between 0 and 100')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/banner')).toHaveLength(0);
  });

  describe('order', () => {
    const FASHION: Banner = { ...SALE, _id: 'b2', bannerOffer: 0, bannerCategory: { _id: 'c2', categoryName: 'Fashion', categoryNameBn: null }, position: 2 };
    const BOOKS: Banner = { ...SALE, _id: 'b3', bannerOffer: 10, bannerCategory: { _id: 'c3', categoryName: 'Books', categoryNameBn: null }, position: 3 };

    /** The server's side of a move: the banner goes to the place asked for, the others close up around it. */
    function bannerServer() {
      let shown = [SALE, FASHION, BOOKS];
      const move: Handler = (sent, url) => {
        const id = url.pathname.split('/').pop();
        const moving = shown.find((banner) => banner._id === id)!;
        const rest = shown.filter((banner) => banner !== moving);
        rest.splice((sent as { position: number }).position - 1, 0, moving);
        shown = rest.map((banner, index) => ({ ...banner, position: index + 1 }));
        return ok(shown.find((banner) => banner._id === id));
      };
      return stubApi({
        'GET /api/banner': () => ok(shown),
        'GET /api/categories': ok([FRUITS]),
        'GET /api/logo': ok(LOGO),
        'PUT /api/banner/b1': move,
        'PUT /api/banner/b2': move,
        'PUT /api/banner/b3': move,
      });
    }
    const rowNames = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]!.textContent);

    it('moves a banner up or down, keeps the focus on its button and says where it went', async () => {
      const fetchMock = bannerServer();
      await renderPage(<BannersPage />, { at: '/admin/banners' });
      await screen.findByRole('row', { name: /Books/ });
      expect(rowNames()).toEqual(['All products', 'Fashion', 'Books']);
      // The ends cannot move further.
      expect(screen.getByRole('button', { name: 'Move up: banner All products, 20% off' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Move down: banner Books, 10% off' })).toBeDisabled();

      await userEvent.click(screen.getByRole('button', { name: 'Move up: banner Fashion' }));
      await waitFor(() => expect(rowNames()).toEqual(['Fashion', 'All products', 'Books']));
      expect(requestsTo(fetchMock, 'PUT /api/banner/b2').map((request) => request.body)).toEqual([{ position: 1 }]);
      expect(await screen.findByText('Banner Fashion moved to position 1 of 3.')).toHaveAttribute('aria-live', 'polite');
      // At the top its Move up button is disabled, so the focus stays on the banner's other button.
      await waitFor(() => expect(screen.getByRole('button', { name: 'Move down: banner Fashion' })).toHaveFocus());

      await userEvent.click(screen.getByRole('button', { name: 'Move down: banner All products, 20% off' }));
      await waitFor(() => expect(rowNames()).toEqual(['Fashion', 'Books', 'All products']));
      expect(requestsTo(fetchMock, 'PUT /api/banner/b1').map((request) => request.body)).toEqual([{ position: 3 }]);
      await waitFor(() => expect(screen.getByRole('button', { name: 'Move up: banner All products, 20% off' })).toHaveFocus());
      expect(screen.getByText('Banner All products, 20% off moved to position 3 of 3.')).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Move up: banner Books, 10% off' }));
      await waitFor(() => expect(rowNames()).toEqual(['Books', 'Fashion', 'All products']));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Move down: banner Books, 10% off' })).toHaveFocus());
    });

    it('cannot move banners while offline', async () => {
      const fetchMock = bannerServer();
      await renderPage(<BannersPage />, { at: '/admin/banners' });
      const down = await screen.findByRole('button', { name: 'Move down: banner Fashion' });
      expect(down).toBeEnabled();
      act(() => onlineManager.setOnline(false));
      try {
        expect(down).toBeDisabled();
        expect(screen.getByRole('button', { name: 'Move up: banner Fashion' })).toBeDisabled();
      } finally {
        act(() => onlineManager.setOnline(true));
      }
      expect(down).toBeEnabled();
      expect(requestsTo(fetchMock, 'PUT /api/banner/b2')).toHaveLength(0);
    });
  });

  it('shows the logo in the shop bar as it will look, and a new one before it is saved', async () => {
    const fetchMock = stubApi({
      'GET /api/banner': ok([]),
      'GET /api/categories': ok([]),
      'GET /api/logo': ok(LOGO),
      'POST /api/logo': ok({ ...LOGO, _id: 'l2' }, 201),
    });
    await renderPage(<BannersPage />, { at: '/admin/banners' });
    const preview = await screen.findByRole('region', { name: 'Logo preview in the shop' });
    expect(within(preview).getByRole('img', { name: 'haat' })).toHaveAttribute('src', '/media/11111111111111111111111111111111.png?w=160');

    await userEvent.upload(
      screen.getByLabelText('New logo'),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'logo.png', { type: 'image/png' }),
    );
    // The file's first bytes are read before it is taken.
    await waitFor(() => expect(within(preview).getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', 'blob:http://localhost/chosen'));
    await userEvent.click(screen.getByRole('button', { name: 'Save logo' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'POST /api/logo')).toHaveLength(1));
    const form = requestsTo(fetchMock, 'POST /api/logo')[0]!.body as FormData;
    expect(form.get('alt')).toBe('haat');
    expect((form.get('url') as File).name).toBe('logo.png');
  });
});
