import { onlineManager, QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrderSummary } from '@contract/back-office-orders';
import { pageAnswer } from '@contract/pages';
import { ok, queriesSentTo, refused, requestsTo, stubApi, stubNetworkDown } from '@/test/api';
import { signInAs } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { stubScreenWidth } from '@/test/screen-width';
import { adminOrderKeys } from '../../lib/orders/order-api';
import { OrdersScreen } from './orders-screen';

const summary = (overrides: Partial<AdminOrderSummary> = {}): AdminOrderSummary => ({
  _id: 'order00000000000abc123',
  createdAt: '2026-11-01T20:05:00.000Z',
  customerName: 'Rahim Uddin',
  phone: '01712345678',
  status: 'pending',
  paymentStatus: 'unpaid',
  paymentMethod: 'cash',
  totalPrice: 142800,
  itemCount: 2,
  nextStatuses: ['processing', 'cancelled'],
  ...overrides,
});

const FILTERED = '/admin/orders?status=pending&paymentMethod=cash&from=2026-11-01&to=2026-11-30&search=01712';
const renderQueue = (at: string) => renderPage(<OrdersScreen area="admin" rest="" />, { at, path: '/admin/$' });

beforeEach(() => {
  signInAs('admin');
  stubScreenWidth(1280);
});

describe('the order queue', () => {
  it('asks the server for the filters in the address and lists each order with its number, Dhaka time, total and badges', async () => {
    const fetchMock = stubApi({ 'GET /api/admin/orders': ok(pageAnswer([summary()], 41, 1, 20)) });
    await renderQueue(FILTERED);

    const row = await screen.findByRole('row', { name: /#abc123/ });
    expect(queriesSentTo(fetchMock, 'GET /api/admin/orders')).toEqual([
      { status: 'pending', paymentMethod: 'cash', from: '2026-11-01', to: '2026-11-30', search: '01712', page: '1', limit: '20' },
    ]);
    expect(requestsTo(fetchMock, 'GET /api/admin/orders')[0]!.headers.Authorization).toMatch(/^Bearer /);
    expect(row).toHaveTextContent('02 Nov 2026, 02:05');
    expect(row).toHaveTextContent('Rahim Uddin');
    expect(row).toHaveTextContent('01712345678');
    expect(row).toHaveTextContent('৳1,42,800');
    expect(row).toHaveTextContent('Pending');
    expect(row).toHaveTextContent('Unpaid');
    expect(within(row).getByRole('link', { name: 'Order #abc123' })).toHaveAttribute('href', '/admin/orders/order00000000000abc123');
    // The form shows the filters the list was asked with.
    expect(screen.getByLabelText('Status')).toHaveValue('pending');
    expect(screen.getByLabelText('Payment method')).toHaveValue('cash');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('Search')).toHaveValue('01712');
    expect(screen.getByRole('navigation', { name: 'Orders pages' })).toHaveTextContent('Page 1 of 3');
  });

  it('keeps a changed filter and a page in the address, and asks the server again from the first page', async () => {
    const fetchMock = stubApi({ 'GET /api/admin/orders': ok(pageAnswer([summary()], 41, 1, 20)) });
    const { router } = await renderQueue('/admin/orders?status=pending');
    await screen.findByRole('row', { name: /#abc123/ });

    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'pending', page: 2 }));

    await userEvent.selectOptions(screen.getByLabelText('Payment status'), 'paid');
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'pending', paymentStatus: 'paid' }));
    await userEvent.type(screen.getByLabelText('Search'), 'Rahim{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'pending', paymentStatus: 'paid', search: 'Rahim' }));

    await waitFor(() =>
      expect(queriesSentTo(fetchMock, 'GET /api/admin/orders')).toEqual([
        { status: 'pending', page: '1', limit: '20' },
        { status: 'pending', page: '2', limit: '20' },
        { status: 'pending', paymentStatus: 'paid', page: '1', limit: '20' },
        { status: 'pending', paymentStatus: 'paid', search: 'Rahim', page: '1', limit: '20' },
      ]),
    );
  });

  it("says when the days run backwards, with the server's message, and lists without them", async () => {
    const fetchMock = stubApi({ 'GET /api/admin/orders': ok(pageAnswer([], 0, 1, 20)) });
    await renderQueue('/admin/orders?from=2026-11-30&to=2026-11-01');
    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();
    expect(screen.getByText('from must not be after to')).toBeInTheDocument();
    expect(queriesSentTo(fetchMock, 'GET /api/admin/orders')).toEqual([{ page: '1', limit: '20' }]);
  });

  it('shows the orders as cards on a phone', async () => {
    stubScreenWidth(360);
    stubApi({ 'GET /api/admin/orders': ok(pageAnswer([summary()], 1, 1, 20)) });
    await renderQueue('/admin/orders');
    const cards = await screen.findByRole('list', { name: 'Orders' });
    expect(within(cards).getByRole('link', { name: 'Order #abc123' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('downloads the CSV of the filtered list with the token, and shows the server asking to narrow the filters', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:http://localhost/orders';
        static override revokeObjectURL = () => {};
      },
    );
    let exportAnswer = ok(null);
    const fetchMock = stubApi({ 'GET /api/admin/orders': ok(pageAnswer([summary()], 1, 1, 20)), 'GET /api/admin/orders/export': () => exportAnswer });
    await renderQueue(`${FILTERED}&page=2`);
    await screen.findByRole('row', { name: /#abc123/ });

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['orders.csv blob:http://localhost/orders']));
    const [sent] = requestsTo(fetchMock, 'GET /api/admin/orders/export');
    expect(sent!.query).toEqual({ status: 'pending', paymentMethod: 'cash', from: '2026-11-01', to: '2026-11-30', search: '01712' });
    expect(sent!.headers.Authorization).toMatch(/^Bearer /);

    exportAnswer = refused(400, '12,000 orders match: narrow the filters to at most 10,000 to export them');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('narrow the filters to at most 10,000');
    expect(saved).toHaveLength(1);
  });

  it('shows a list seen before while offline, and says exporting needs a connection', async () => {
    // As restored from the saved query cache on a later visit without a connection.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'offlineFirst' } } });
    queryClient.setQueryData(adminOrderKeys.list({ status: 'pending', page: 1 }), pageAnswer([summary()], 1, 1, 20));
    stubNetworkDown();
    act(() => onlineManager.setOnline(false));
    await renderPage(<OrdersScreen area="admin" rest="" />, { at: '/admin/orders?status=pending', path: '/admin/$', queryClient });

    expect(await screen.findByRole('row', { name: /#abc123/ })).toHaveTextContent('Rahim Uddin');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Exporting needs a connection. You are offline.');
  });
});
