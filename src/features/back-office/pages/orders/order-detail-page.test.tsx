import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrderDetail } from '@contract/back-office-orders';
import type { OrderStatus } from '@contract/orders';
import { bodiesSentTo, ok, refused, requestsTo, stubApi } from '@/test/api';
import { makeOrder, signInAs } from '@/test/fixtures';
import { setLocale } from '@/i18n/messages';
import { renderPage } from '@/test/render';
import { stubScreenWidth } from '@/test/screen-width';
import backOfficeTexts from '@/messages/back-office/en';
import { OrdersScreen } from './orders-screen';

const NEEDS_CONNECTION = backOfficeTexts.needsConnection;

const ID = 'order00000000000abc123';
const DETAIL = `GET /api/admin/orders/${ID}`;
const PATCH = `PATCH /api/admin/orders/${ID}/status`;
const NOTES = `GET /api/admin/orders/${ID}/notes`;
const ADD_NOTE = `POST /api/admin/orders/${ID}/notes`;

const detail = (overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail => ({
  order: makeOrder({ _id: ID }),
  payment: null,
  refund: null,
  history: [
    { _id: 'e1', kind: 'status', from: null, to: 'pending', actor: 'customer', actorName: 'Rahim Uddin', note: null, at: '2026-11-01T20:05:00.000Z' },
    { _id: 'e2', kind: 'status', from: 'pending', to: 'processing', actor: 'admin', actorName: 'Test admin', note: null, at: '2026-11-02T04:00:00.000Z' },
  ],
  nextStatuses: ['shipped', 'cancelled'],
  cancellation: null,
  ...overrides,
});

const renderOrder = () => renderPage(<OrdersScreen area="admin" rest={ID} />, { at: `/admin/orders/${ID}`, path: '/admin/$' });

beforeEach(() => {
  signInAs('admin');
  stubScreenWidth(1280);
});

describe("an order's page", () => {
  it('shows the items, sums, customer, payment and history oldest first in Dhaka time', async () => {
    stubApi({ [NOTES]: ok([]), [DETAIL]: ok(detail()) });
    await renderOrder();

    expect(await screen.findByRole('heading', { level: 1, name: 'Order #abc123' })).toBeInTheDocument();
    const items = screen.getByRole('list', { name: 'Items' });
    expect(within(items).getByRole('img', { name: 'Cotton Panjabi' })).toBeInTheDocument();
    expect(items).toHaveTextContent('2 × ৳600.20 · Size L · Colour White');
    expect(items).toHaveTextContent('৳1,200.40');
    const sums = screen.getByRole('region', { name: 'Items' });
    expect(sums).toHaveTextContent('Subtotal৳1,500.40');
    expect(sums).toHaveTextContent('Delivery Fee৳60');
    expect(sums).toHaveTextContent('Total৳1,560');
    expect(screen.getByRole('region', { name: 'Customer' })).toHaveTextContent('House 1, Road 2, Dhanmondi, Dhaka, Dhaka');
    expect(screen.getByRole('link', { name: '01712345678' })).toHaveAttribute('href', 'tel:01712345678');
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('Cash on Delivery');

    const history = within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem');
    expect(history.map((event) => event.textContent)).toEqual([
      'Placed as pending02 Nov 2026, 02:05 · by Rahim Uddin (Customer)',
      'Status: Pending → Processing02 Nov 2026, 10:00 · by Test admin (Admin)',
    ]);
  });

  it("names the customer's refund request's method and status, and the address's places, in Bangla in a Bangla session", async () => {
    const refund = {
      _id: 'r1',
      createdAt: '2026-11-02T04:00:00.000Z',
      orderId: { _id: ID, transaction_id: null, totalPrice: 1560 },
      refundMethod: 'bkash' as const,
      refundNumber: '01712345678',
      refundStatus: 'pending' as const,
      rejectReason: null,
      settledAt: null,
      payout: null,
      manualReference: null,
    };
    stubApi({ [NOTES]: ok([]), [DETAIL]: ok(detail({ refund })) });
    const english = await renderOrder();
    expect(await screen.findByText('Pay back to')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('bKash 01712345678');
    english.unmount();

    await act(() => setLocale('bn'));
    try {
      await renderOrder();
      const payment = await screen.findByRole('region', { name: 'পেমেন্ট' });
      expect(payment).toHaveTextContent('বিকাশ ০১৭১২৩৪৫৬৭৮');
      expect(payment).toHaveTextContent('অপেক্ষমাণ');
      expect(payment).not.toHaveTextContent(/bKash|pending/);
      const customer = screen.getByRole('region', { name: 'ক্রেতা' });
      await waitFor(() => expect(customer).toHaveTextContent('House 1, Road 2, ধানমন্ডি, ঢাকা, ঢাকা'));
      // The order's number is the same ASCII text in Bangla: it is what the shop searches by.
      expect(screen.getByRole('heading', { level: 1, name: 'অর্ডার #abc123' })).toBeInTheDocument();
    } finally {
      await act(() => setLocale('en'));
    }
  });

  it.each<[OrderStatus, OrderStatus[], string[]]>([
    ['pending', ['processing', 'cancelled'], ['Mark processing', 'Cancel order']],
    ['processing', ['shipped', 'cancelled'], ['Mark shipped', 'Cancel order']],
    ['shipped', ['delivered', 'cancelled'], ['Mark delivered', 'Cancel order']],
    ['delivered', [], []],
  ])('offers a %s order only the changes the server allows', async (status, nextStatuses, buttons) => {
    stubApi({ [NOTES]: ok([]), [DETAIL]: ok(detail({ order: makeOrder({ _id: ID, status }), nextStatuses })) });
    await renderOrder();
    const actions = await screen.findByRole('region', { name: 'Status' });
    expect(
      within(actions)
        .queryAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(buttons);
    if (buttons.length === 0) {
      expect(actions).toHaveTextContent('Delivered orders are final');
      expect(actions).toHaveTextContent('If the customer asks to return it, the request comes to the Returns screen.');
    }
  });

  it('moves the order, then reads the order and the queue again', async () => {
    let status: OrderStatus = 'processing';
    const fetchMock = stubApi({
      [NOTES]: ok([]),
      [DETAIL]: () =>
        ok(detail({ order: makeOrder({ _id: ID, status }), nextStatuses: status === 'processing' ? ['shipped', 'cancelled'] : ['delivered', 'cancelled'] })),
      [PATCH]: (body) => {
        status = (body as { status: OrderStatus }).status;
        return ok(null);
      },
    });
    await renderOrder();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark shipped' }));

    expect(await screen.findByRole('button', { name: 'Mark delivered' })).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, PATCH)).toEqual([{ status: 'shipped' }]);
    expect(requestsTo(fetchMock, DETAIL)).toHaveLength(2);
  });

  it("shows the server's message when the order cannot move (409)", async () => {
    stubApi({ [NOTES]: ok([]), [DETAIL]: ok(detail()), [PATCH]: refused(409, 'An order that is delivered cannot become shipped') });
    await renderOrder();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark shipped' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An order that is delivered cannot become shipped');
  });

  it('asks before cancelling: the stock goes back and a paid order is paid back', async () => {
    const fetchMock = stubApi({
      [NOTES]: ok([]),
      [DETAIL]: ok(detail({ order: makeOrder({ _id: ID, paymentMethod: 'mobile-banking', paymentStatus: 'paid' }) })),
      [PATCH]: ok(null),
    });
    await renderOrder();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order #abc123?' });
    expect(dialog).toHaveTextContent('Its items go back into stock');
    expect(dialog).toHaveTextContent('It was paid, so ৳1,560.00 is paid back to the customer.');

    // The dialog's close button and its Keep order button both keep it.
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Keep order' }).at(-1)!);
    expect(bodiesSentTo(fetchMock, PATCH)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const asking = screen.getByRole('dialog');
    await userEvent.click(within(asking).getByRole('button', { name: 'Cancel order' }));
    expect(await within(asking).findByText('Choose a reason from the list')).toBeInTheDocument();
    const reasons = within(asking).getByRole('group', { name: 'Why is the order cancelled?' });
    await userEvent.click(within(reasons).getByRole('radio', { name: 'Suspected fake order' }));
    await userEvent.type(within(asking).getByLabelText('A few words (needed for “Other”)'), 'Third order today');
    await userEvent.click(within(asking).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, PATCH)).toEqual([{ status: 'cancelled', reason: 'suspected-fake', note: 'Third order today' }]));
  });

  it('says who cancelled, why and when', async () => {
    stubApi({
      [NOTES]: ok([]),
      [DETAIL]: ok(
        detail({
          order: makeOrder({ _id: ID, status: 'cancelled', cancelReason: 'customer', cancelCode: 'found-cheaper', cancelNote: 'Cheaper nearby' }),
          nextStatuses: [],
          cancellation: { by: 'customer', reason: 'found-cheaper', note: 'Cheaper nearby', at: '2026-11-02T04:00:00.000Z' },
        }),
      ),
    });
    await renderOrder();
    const status = await screen.findByRole('region', { name: 'Status' });
    expect(await within(status).findByText('Found it cheaper elsewhere')).toBeInTheDocument();
    expect(status).toHaveTextContent('Cancelled byThe customer');
    expect(status).toHaveTextContent('Words givenCheaper nearby');
  });

  it("lists the order's internal notes newest first and adds one", async () => {
    const notes = [
      { _id: 'n2', body: 'Customer asked for evening delivery', authorName: 'Test admin', createdAt: '2026-11-02T05:00:00.000Z' },
      { _id: 'n1', body: 'Called, no answer', authorName: null, createdAt: '2026-11-02T04:00:00.000Z' },
    ];
    const fetchMock = stubApi({
      [NOTES]: ok(notes),
      [DETAIL]: ok(detail()),
      [ADD_NOTE]: { status: 201, body: { success: true, message: 'Note added', data: notes } },
    });
    await renderOrder();
    const section = await screen.findByRole('region', { name: 'Internal notes' });
    const list = await within(section).findByRole('list', { name: 'Internal notes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Customer asked for evening delivery'), expect.stringContaining('Called, no answer')]);
    expect(section).toHaveTextContent('2 of 50 notes');
    const add = within(section).getByRole('button', { name: 'Add note' });
    expect(add).toBeDisabled();
    await userEvent.type(within(section).getByLabelText('New note'), 'Packed twice, check stock');
    await userEvent.click(add);
    await waitFor(() => expect(bodiesSentTo(fetchMock, ADD_NOTE)).toEqual([{ body: 'Packed twice, check stock' }]));
    await waitFor(() => expect(within(section).getByLabelText('New note')).toHaveValue(''));
  });

  it('refuses a change made offline, says it needs a connection and sends nothing', async () => {
    const fetchMock = stubApi({ [NOTES]: ok([]), [DETAIL]: ok(detail()), [PATCH]: ok(null) });
    await renderOrder();
    const ship = await screen.findByRole('button', { name: 'Mark shipped' });
    act(() => onlineManager.setOnline(false));
    await userEvent.click(ship);
    expect(screen.getByRole('region', { name: 'Status' })).toHaveTextContent(NEEDS_CONNECTION);
    expect(requestsTo(fetchMock, PATCH)).toHaveLength(0);
  });

  it('opens the packing slip and the invoice, fetched with the token, in a new tab', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:http://localhost/pdf';
        static override revokeObjectURL = () => {};
      },
    );
    const fetchMock = stubApi({
      [NOTES]: ok([]),
      [DETAIL]: ok(detail()),
      [`GET /api/admin/orders/${ID}/packing-slip`]: ok(null),
      [`GET /api/order/invoice/${ID}`]: ok(null),
    });
    await renderOrder();

    await userEvent.click(await screen.findByRole('button', { name: 'Packing slip' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:http://localhost/pdf'));
    expect(requestsTo(fetchMock, `GET /api/admin/orders/${ID}/packing-slip`)[0]!.headers.Authorization).toMatch(/^Bearer /);

    await userEvent.click(screen.getByRole('button', { name: 'Invoice' }));
    await waitFor(() => expect(requestsTo(fetchMock, `GET /api/order/invoice/${ID}`)).toHaveLength(1));
    expect(window.open).toHaveBeenCalledTimes(2);
  });
});
