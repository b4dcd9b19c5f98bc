import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '@contract/catalogue';
import { ok, refused, requestsTo, stubApi } from '@/test/api';
import { listedProduct, signInAs } from '@/test/fixtures';
import { setLocale } from '@/i18n/messages';
import { renderPage } from '@/test/render';
import { stubScreenWidth } from '@/test/screen-width';
import backOfficeTexts from '@/messages/back-office/en';
import { ProductListPage } from './product-list-page';

const NEEDS_CONNECTION = backOfficeTexts.needsConnection;

const pageOf = (data: Product[], page = 1, pages = 1) => ok({ count: data.length, total: data.length * pages, page, pages, data });

beforeEach(() => {
  signInAs('seller');
  stubScreenWidth(1280);
});

describe('the product list', () => {
  it('lists the products in a table on a desktop, each with its edit link', async () => {
    stubApi({ 'GET /api/products/manage': pageOf([listedProduct(1)]) });
    await renderPage(<ProductListPage area="seller" />, { at: '/seller/products' });
    expect(await screen.findByRole('rowheader', { name: 'Product 1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Product 1' })).toHaveAttribute('href', '/seller/products/p1');
  });

  it("shows each product's first picture, and a placeholder, not an empty image, for one without", async () => {
    stubApi({ 'GET /api/products/manage': pageOf([listedProduct(1, { productImages: ['/media/a.jpg', '/media/b.jpg'] }), listedProduct(2)]) });
    const { container } = await renderPage(<ProductListPage area="admin" />, { at: '/admin/products' });
    const withPicture = (await screen.findByRole('rowheader', { name: 'Product 1' })).closest('tr')!;
    expect(withPicture.querySelector('img')).toHaveAttribute('src', '/media/a.jpg?w=80');
    const without = screen.getByRole('rowheader', { name: 'Product 2' }).closest('tr')!;
    expect(without.querySelector('img')).toBeNull();
    expect(without.querySelector('svg')).not.toBeNull();
    expect(container.querySelectorAll('img[src=""]')).toHaveLength(0);
  });

  it('shows cards on a phone', async () => {
    stubScreenWidth(360);
    stubApi({ 'GET /api/products/manage': pageOf([listedProduct(1)]) });
    await renderPage(<ProductListPage area="seller" />, { at: '/seller/products' });
    const cards = await screen.findByRole('list', { name: 'Products' });
    expect(within(cards).getByRole('heading', { name: 'Product 1' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('pages on the server', async () => {
    const fetchMock = stubApi({
      'GET /api/products/manage': (_sent, url) => pageOf([listedProduct(Number(url.searchParams.get('page')))], Number(url.searchParams.get('page')), 2),
    });
    await renderPage(<ProductListPage area="admin" />, { at: '/admin/products' });
    await screen.findByRole('rowheader', { name: 'Product 1' });
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Products pages' })).getByRole('button', { name: /Next/ }));
    expect(await screen.findByRole('rowheader', { name: 'Product 2' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/products/manage').map((request) => request.query.page)).toEqual(['1', '2']);
  });

  it('deletes a product only once confirmed, and keeps the dialog with the server’s message when it refuses', async () => {
    const fetchMock = stubApi({
      'GET /api/products/manage': pageOf([listedProduct(1)]),
      'DELETE /api/products/p1': refused(409, 'The product is in an open order'),
    });
    await renderPage(<ProductListPage area="admin" />, { at: '/admin/products' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Product 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this product?' });
    expect(dialog).toHaveTextContent('“Product 1” will be removed from the shop.');
    expect(requestsTo(fetchMock, 'DELETE /api/products/p1')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The product is in an open order');
    expect(requestsTo(fetchMock, 'DELETE /api/products/p1')).toHaveLength(1);
  });

  it('offline: keeps the list it saw and refuses a delete, saying a connection is needed', async () => {
    const fetchMock = stubApi({ 'GET /api/products/manage': pageOf([listedProduct(1)]), 'DELETE /api/products/p1': ok(null) });
    await renderPage(<ProductListPage area="admin" />, { at: '/admin/products' });
    await screen.findByRole('rowheader', { name: 'Product 1' });
    act(() => onlineManager.setOnline(false));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Product 1' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent(NEEDS_CONNECTION);
    expect(screen.getByRole('rowheader', { name: 'Product 1' })).toBeInTheDocument();
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(requestsTo(fetchMock, 'DELETE /api/products/p1')).toHaveLength(0));
  });

  it('shows each product’s state, and filters the list by it on the server', async () => {
    const fetchMock = stubApi({
      'GET /api/products/manage': (_sent, url) =>
        url.searchParams.get('status') === 'draft'
          ? pageOf([listedProduct(2, { status: 'draft' })])
          : pageOf([listedProduct(1), listedProduct(2, { status: 'draft' })]),
    });
    await renderPage(<ProductListPage area="seller" />, { at: '/seller/products' });
    const published = (await screen.findByRole('rowheader', { name: 'Product 1' })).closest('tr')!;
    expect(published).toHaveTextContent('Published');
    expect(screen.getByRole('rowheader', { name: 'Product 2' }).closest('tr')).toHaveTextContent('Draft');
    await userEvent.selectOptions(screen.getByLabelText('State'), 'Drafts only');
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Product 1' })).not.toBeInTheDocument());
    expect(screen.getByRole('rowheader', { name: 'Product 2' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/products/manage').map((request) => request.query.status)).toEqual([undefined, 'draft']);
  });
});

describe('the products CSV import', () => {
  const preview = {
    preview: 'a'.repeat(64),
    created: 0,
    changed: 1,
    unchanged: 3,
    refused: 1,
    rows: [
      {
        lines: [2, 3],
        outcome: 'change',
        productId: 'p1',
        productName: 'Product 1',
        changes: [{ field: 'originalPrice (1 kg)', before: '200', after: '180' }],
        reason: null,
      },
      {
        lines: [4],
        outcome: 'refuse',
        productId: null,
        productName: 'Radio',
        changes: [],
        reason: { message: 'No category is called Electronics', code: 'importUnknownCategory', values: ['Electronics'] },
      },
    ],
  };

  it('previews the chosen file on a phone, says why a line is refused, and applies what it showed', async () => {
    stubScreenWidth(360);
    const fetchMock = stubApi({
      'GET /api/products/manage': pageOf([listedProduct(1)]),
      'POST /api/products/import/preview': ok(preview),
      'POST /api/products/import/apply': ok({ created: 0, changed: 1 }),
    });
    await renderPage(<ProductListPage area="seller" />, { at: '/seller/products' });
    await userEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const file = new File(['"productId"\r\n'], 'products.csv', { type: 'text/csv' });
    await userEvent.upload(await screen.findByLabelText('CSV file', { exact: true }), file);

    expect(await screen.findByText('0 to create, 1 to change, 3 unchanged, 1 refused')).toBeInTheDocument();
    const rows = screen.getByRole('list', { name: 'What the import would do' });
    expect(within(rows).getByText('originalPrice (1 kg): 200 → 180')).toBeInTheDocument();
    expect(within(rows).getByText('No category is called Electronics')).toBeInTheDocument();
    const [sent] = requestsTo(fetchMock, 'POST /api/products/import/preview');
    expect(sent!.body).toBe(file);
    expect(sent!.headers['Content-Type']).toBe('text/csv');

    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'What the import would do' })).not.toBeInTheDocument());
    const [applied] = requestsTo(fetchMock, 'POST /api/products/import/apply');
    expect(applied!.query).toEqual({ preview: preview.preview });
    expect(applied!.body).toBe(file);
  });

  it('says why a line is refused in Bangla on a Bangla screen', async () => {
    stubScreenWidth(360);
    stubApi({ 'GET /api/products/manage': pageOf([listedProduct(1)]), 'POST /api/products/import/preview': ok(preview) });
    await act(() => setLocale('bn'));
    try {
      await renderPage(<ProductListPage area="seller" />, { at: '/seller/products' });
      await userEvent.click(await screen.findByRole('button', { name: 'CSV ইমপোর্ট' }));
      await userEvent.upload(await screen.findByLabelText('CSV ফাইল', { exact: true }), new File(['x'], 'products.csv', { type: 'text/csv' }));
      const rows = await screen.findByRole('list', { name: 'ইমপোর্টে যা হবে' });
      expect(within(rows).getByText('Electronics নামে কোনো ক্যাটাগরি নেই')).toBeInTheDocument();
      expect(screen.getByText('০টি তৈরি হবে, ১টি বদলাবে, ৩টি অপরিবর্তিত, ১টি নেওয়া হবে না')).toBeInTheDocument();
    } finally {
      await act(() => setLocale('en'));
    }
  });
});
