import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SellerOrder, SellerRevenue } from '@contract/back-office-orders';
import { setLocale } from '@/i18n/messages';
import { ok, queriesSentTo, stubApi } from '@/test/api';
import { signInAs } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { stubScreenWidth } from '@/test/screen-width';
import { SellerOrdersPage } from './seller-orders-page';

const REVENUE: SellerRevenue = {
  today: { orders: 1, revenue: 2500 },
  last7Days: { orders: 4, revenue: 10250.5 },
  last30Days: { orders: 9, revenue: 142800 },
};

const ORDER: SellerOrder = {
  _id: '665f00000000000000abc123',
  createdAt: '2025-11-26T04:30:00.000Z',
  status: 'processing',
  paymentMethod: 'cash',
  paymentStatus: 'unpaid',
  customerName: 'Rahima Khatun',
  phone: '01712345678',
  deliveryAddress: { division: 'Dhaka', district: 'Dhaka', city: 'Dhanmondi', addressDetails: 'House 12, Road 4' },
  items: [
    {
      productId: 'p1',
      variantId: null,
      productName: 'Nakshi Kantha',
      productNameBn: null,
      image: null,
      quantity: 2,
      size: 'Double',
      color: 'red',
      price: 1250,
      subTotal: 2500,
    },
  ],
  itemsTotal: 2500,
};

const page = (data: SellerOrder[], extra: { page?: number; pages?: number; total?: number } = {}) =>
  ok({ count: data.length, total: extra.total ?? data.length, page: extra.page ?? 1, pages: extra.pages ?? 1, data });

beforeEach(() => signInAs('seller'));

const renderOrders = (at = '/seller/orders') => renderPage(<SellerOrdersPage area="seller" rest="" />, { at, path: '/seller/$' });

describe("The seller's orders", () => {
  it('shows their revenue on top and, on a phone, a card per order with their lines and what delivery needs', async () => {
    stubScreenWidth(360);
    stubApi({ 'GET /api/seller/revenue': ok(REVENUE), 'GET /api/seller/orders': page([ORDER]) });
    await renderOrders();

    const revenue = await screen.findByRole('region', { name: 'Your revenue' });
    expect(within(revenue).getByRole('listitem', { name: 'Today' })).toHaveTextContent('৳2,500.00');
    expect(within(revenue).getByRole('listitem', { name: 'Today' })).toHaveTextContent('1 order paid');
    expect(within(revenue).getByRole('listitem', { name: 'Last 7 days' })).toHaveTextContent('৳10,250.50');
    expect(within(revenue).getByRole('listitem', { name: 'Last 30 days' })).toHaveTextContent('৳1,42,800.00');

    const list = await screen.findByRole('list', { name: 'Orders with your products' });
    const card = within(list)
      .getAllByRole('listitem')
      .find((item) => item.querySelector('h3')) as HTMLElement;
    expect(within(card).getByRole('heading', { name: '#abc123' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Rahima Khatun');
    expect(within(card).getByRole('link', { name: '01712345678' })).toHaveAttribute('href', 'tel:01712345678');
    expect(card).toHaveTextContent('House 12, Road 4, Dhanmondi, Dhaka, Dhaka');
    expect(card).toHaveTextContent('2 × Nakshi Kantha, red, Double — ৳2,500');
    expect(card).toHaveTextContent('Processing · Cash on delivery');
  });

  it("names the delivery address's places in Bangla in a Bangla session", async () => {
    stubScreenWidth(360);
    stubApi({ 'GET /api/seller/revenue': ok(REVENUE), 'GET /api/seller/orders': page([ORDER]) });
    await act(() => setLocale('bn'));
    try {
      await renderOrders();
      const list = await screen.findByRole('list', { name: /./ });
      await waitFor(() => expect(list).toHaveTextContent('House 12, Road 4, ধানমন্ডি, ঢাকা, ঢাকা'));
      expect(list).not.toHaveTextContent('Dhaka');
    } finally {
      await act(() => setLocale('en'));
    }
  });

  it('filters by status and pages on the server, keeping both in the address', async () => {
    stubScreenWidth(1280);
    const fetchMock = stubApi({
      'GET /api/seller/revenue': ok(REVENUE),
      'GET /api/seller/orders': (_sent, url) =>
        page([{ ...ORDER, status: (url.searchParams.get('status') as SellerOrder['status']) ?? 'pending' }], {
          page: Number(url.searchParams.get('page')),
          pages: 3,
          total: 45,
        }),
    });
    const { router } = await renderOrders();
    expect(await screen.findByRole('table', { name: 'Orders with your products' })).toHaveTextContent('Pending');
    expect(queriesSentTo(fetchMock, 'GET /api/seller/orders')).toEqual([{ page: '1', limit: '20' }]);

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'shipped');
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'shipped' }));
    expect(await screen.findByRole('row', { name: /#abc123/ })).toHaveTextContent('Shipped');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'shipped', page: 2 }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(queriesSentTo(fetchMock, 'GET /api/seller/orders').at(-1)).toEqual({ page: '2', limit: '20', status: 'shipped' });
  });

  it('says so when they have no orders yet', async () => {
    stubApi({
      'GET /api/seller/revenue': ok({ today: { orders: 0, revenue: 0 }, last7Days: { orders: 0, revenue: 0 }, last30Days: { orders: 0, revenue: 0 } }),
      'GET /api/seller/orders': page([]),
    });
    await renderOrders();
    expect(await screen.findByText('No orders with your products yet.')).toBeInTheDocument();
  });
});
