import { MutationObserver, onlineManager, QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/i18n/messages';
import { notify } from '@/lib/notify';
import { PLACE_ORDER_MUTATION_KEY } from '@/lib/place-order-key';
import { ok, stubApi } from '@/test/api';
import { makeOrder, signIn } from '@/test/fixtures';
import { renderApp, renderPage } from '@/test/render';
import { MyOrdersPage } from './my-orders-page';

const ORDERS = 'GET /api/order/get-order-by-customerId/u1';
const render = () => renderPage(<MyOrdersPage />, { at: '/user/my-orders' });

beforeEach(() => signIn());

describe('My Orders states', () => {
  it('shows the heading, subtitle and 3 skeleton cards while loading', async () => {
    stubApi({ [ORDERS]: () => new Promise(() => {}) as never });
    const { container } = await render();
    expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(screen.getByText('Track and manage all your purchases')).toBeInTheDocument();
    expect(container.querySelectorAll('[aria-busy="true"] > div[aria-hidden="true"]')).toHaveLength(3);
    expect(screen.queryByText('No orders found')).not.toBeInTheDocument();
  });

  it("says 'No orders found' when there are none", async () => {
    stubApi({ [ORDERS]: ok([]) });
    await render();
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
  });

  it('shows a card per order with id, badges, total, item count, date and lines', async () => {
    stubApi({ [ORDERS]: ok([makeOrder()]) });
    await render();
    const card = await screen.findByRole('article', { name: '#abc123' });
    const inCard = within(card);
    expect(inCard.getByText('pending')).toBeInTheDocument();
    expect(inCard.getByText('unpaid')).toBeInTheDocument();
    expect(inCard.getByText('৳1,560')).toBeInTheDocument();
    expect(inCard.getByText(/3 items/)).toBeInTheDocument();
    expect(inCard.getByText('Ordered on Nov 2, 2026')).toBeInTheDocument();
    expect(inCard.getByText('Cotton Panjabi')).toBeInTheDocument();
    expect(inCard.getByText('Qty 2')).toBeInTheDocument();
    expect(inCard.getByRole('img', { name: 'Cotton Panjabi' })).toHaveAttribute('src', expect.stringMatching(/^\/media\/panjabi\.jpg\?w=\d+$/));
    expect(inCard.getByRole('img', { name: 'Leather Sandal: no image' })).toBeInTheDocument();
    expect(inCard.getByRole('button', { name: 'Cancel Order' })).toBeInTheDocument();
    expect(inCard.queryByRole('button', { name: /^Review/ })).not.toBeInTheDocument();
  });

  it('offers Cancel only on pending orders and Review only on delivered ones', async () => {
    stubApi({ [ORDERS]: ok([makeOrder({ _id: 'x-delivered-dlv001', status: 'delivered', paymentStatus: 'paid' })]) });
    await render();
    const card = await screen.findByRole('article', { name: '#dlv001' });
    expect(within(card).queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Review Cotton Panjabi' })).toBeInTheDocument();
  });

  it('reads the orders again when opened, so a status the shop changed a moment ago shows', async () => {
    // As the app's client: what was read in the last minute counts as fresh.
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });
    queryClient.setQueryData(['orders', 'u1'], [makeOrder({ _id: 'x-shipped-shp001', status: 'shipped' })]);
    stubApi({ [ORDERS]: ok([makeOrder({ _id: 'x-shipped-shp001', status: 'delivered', paymentStatus: 'paid' })]) });
    await renderPage(<MyOrdersPage />, { at: '/user/my-orders', queryClient });
    const card = await screen.findByRole('article', { name: '#shp001' });
    expect(await within(card).findByText('delivered')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Review Cotton Panjabi' })).toBeInTheDocument();
  });

  it('filters by tab and by search text together', async () => {
    const user = userEvent.setup();
    stubApi({
      [ORDERS]: ok([
        makeOrder({ _id: 'a-000000pend01' }),
        makeOrder({ _id: 'a-000000ship01', status: 'shipped', items: [{ ...makeOrder().items[1]!, productName: 'Tea Kettle' }] }),
      ]),
    });
    await render();
    await screen.findByRole('article', { name: '#pend01' });
    expect(screen.getAllByRole('article')).toHaveLength(2);

    await user.click(screen.getByRole('tab', { name: 'Shipped' }));
    expect(screen.getByRole('tab', { name: 'Shipped' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual(['order-a-000000ship01']);

    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'panjabi');
    expect(screen.getByText('No orders found')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'All' }));
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('article', { name: '#pend01' })).toBeInTheDocument();
  });

  it('Filter opens the date range, payment status and method, which narrow the list with the tab and the search until cleared', async () => {
    const user = userEvent.setup();
    stubApi({
      [ORDERS]: ok([
        makeOrder({ _id: 'a-000000cash01', createdAt: new Date(2026, 9, 20, 9).toISOString() }),
        makeOrder({ _id: 'a-000000paid01', paymentMethod: 'mobile-banking', paymentStatus: 'paid', createdAt: new Date(2026, 10, 2, 23).toISOString() }),
        makeOrder({
          _id: 'a-000000ship01',
          status: 'shipped',
          paymentMethod: 'mobile-banking',
          paymentStatus: 'paid',
          createdAt: new Date(2026, 10, 5, 8).toISOString(),
        }),
      ]),
    });
    await render();
    await screen.findByRole('article', { name: '#cash01' });
    const shownIds = () => screen.queryAllByRole('article').map((a) => a.getAttribute('aria-labelledby')?.slice(-6));

    const filter = screen.getByRole('button', { name: 'Filter' });
    expect(filter).toHaveAttribute('aria-expanded', 'false');
    await user.click(filter);
    expect(filter).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Order filters' });
    expect(filter).toHaveAttribute('aria-controls', panel.id);
    const inPanel = within(panel);
    // Tab goes from the button straight into the panel.
    await user.tab();
    expect(inPanel.getByLabelText('From')).toHaveFocus();

    await user.selectOptions(inPanel.getByLabelText('Payment method'), 'Mobile Banking (Bkash/Nagad/Rocket)');
    expect(shownIds()).toEqual(['paid01', 'ship01']);
    expect(inPanel.getByRole('status')).toHaveTextContent('Showing 2 of 3 orders');
    expect(screen.getByRole('button', { name: 'Filter 1 active' })).toBe(filter);

    await user.selectOptions(inPanel.getByLabelText('Payment status'), 'Paid');
    fireEvent.change(inPanel.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(inPanel.getByLabelText('To'), { target: { value: '2026-11-02' } });
    expect(shownIds()).toEqual(['paid01']);
    expect(filter).toHaveAccessibleName('Filter 3 active');

    // Together with the tabs and the search box.
    await user.click(screen.getByRole('tab', { name: 'Shipped' }));
    expect(shownIds()).toEqual([]);
    await user.click(screen.getByRole('tab', { name: 'All' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'kettle');
    expect(screen.getByText('No orders found')).toBeInTheDocument();

    // Clearing the filters keeps the search; the empty list's own button clears both and goes back to the search box.
    await user.click(inPanel.getByRole('button', { name: 'Clear filters' }));
    expect(inPanel.getByLabelText('From')).toHaveValue('');
    expect(inPanel.getByLabelText('Payment method')).toHaveValue('');
    expect(filter).toHaveAccessibleName('Filter');
    expect(inPanel.getByRole('button', { name: 'Clear filters' })).toHaveFocus();
    expect(shownIds()).toEqual([]);
    await user.selectOptions(inPanel.getByLabelText('Payment status'), 'Unpaid');
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(shownIds()).toEqual(['cash01', 'paid01', 'ship01']);
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('');
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveFocus();
    expect(inPanel.getByLabelText('Payment status')).toHaveValue('');

    await user.click(filter);
    expect(screen.queryByRole('region', { name: 'Order filters' })).not.toBeInTheDocument();
  });

  it('says when From is after To and shows the orders between the two dates', async () => {
    const user = userEvent.setup();
    stubApi({
      [ORDERS]: ok([
        makeOrder({ _id: 'a-000000oct020', createdAt: new Date(2026, 9, 20, 9).toISOString() }),
        makeOrder({ _id: 'a-000000nov020', createdAt: new Date(2026, 10, 2, 9).toISOString() }),
      ]),
    });
    await render();
    await screen.findByRole('article', { name: '#oct020' });
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-30' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    expect(screen.getByText('‘From’ is after ‘To’: showing the orders placed between the two dates.')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('article', { name: '#nov020' })).toBeInTheDocument();
  });

  it('View Details shows items, address, payment method and sums that add up: discount, delivery and rounding', async () => {
    const user = userEvent.setup();
    stubApi({ [ORDERS]: ok([makeOrder({ discount: 300.08, coupon: 'SAVE20', totalPrice: 1260 })]) });
    await render();
    await user.click(await screen.findByRole('button', { name: 'View Details' }));
    const dialog = screen.getByRole('dialog', { name: 'Order #abc123' });
    expect(dialog).toHaveAttribute('open');
    const inDialog = within(dialog);
    expect(inDialog.getByText('House 1, Road 2, Dhanmondi, Dhaka, Dhaka')).toBeInTheDocument();
    expect(inDialog.getByText('Cash on Delivery')).toBeInTheDocument();
    const sums = inDialog.getAllByRole('definition').map((amount) => [amount.previousSibling?.textContent, amount.textContent]);
    expect(sums).toEqual([
      ['Subtotal', '৳1,500.40'],
      ['Discount (SAVE20)', '−৳300.08'],
      ['Delivery Fee', '৳60'],
      ['Rounding', '−৳0.32'],
      ['Total', '৳1,260'],
    ]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Details' })).toHaveFocus();
  });

  it("opens the details of the order the address names (a notification's link), and forgets it once closed", async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    stubApi({ [ORDERS]: ok([makeOrder(), makeOrder({ _id: 'order00000000000def456' })]), 'GET /api/logo': ok(null) });
    const { router } = renderApp('/user/my-orders?order=order00000000000def456');
    expect(await screen.findByRole('dialog', { name: 'Order #def456' }, { timeout: 5_000 })).toHaveAttribute('open');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.getByRole('article', { name: '#def456' })).toBeInTheDocument();
  });

  it('opens nothing for an order the address names that is not among the orders', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    stubApi({ [ORDERS]: ok([makeOrder()]), 'GET /api/logo': ok(null) });
    renderApp(`/user/my-orders?order=${'x'.repeat(30)}`);
    expect(await screen.findByRole('article', { name: '#abc123' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Buy Again hands the items and where they came from to /checkout', async () => {
    const user = userEvent.setup();
    stubApi({ [ORDERS]: ok([makeOrder()]) });
    const { router } = await render();
    await user.click(await screen.findByRole('button', { name: 'Buy Again' }));
    expect(await screen.findByText('Page /checkout')).toBeInTheDocument();
    const state = router.state.location.state;
    expect(state.from).toBe('buy again');
    expect(state.cartItems).toEqual([
      expect.objectContaining({ productId: 'prod-1', price: 600.2, quantity: 2, maxStock: 2, productCategory: 'Unknown Category', OwnerId: 'u1' }),
      expect.objectContaining({ productId: 'prod-2', price: 300, quantity: 1 }),
    ]);
  });
});

describe('an order placed offline', () => {
  /** An order checkout queued offline: paused until the connection returns, then answered with order o-new. */
  function queueOrder(queryClient: QueryClient) {
    void new MutationObserver<unknown, Error, unknown>(queryClient, {
      mutationKey: PLACE_ORDER_MUTATION_KEY,
      networkMode: 'online',
      mutationFn: async () => ({ order: { _id: 'order00000000000000new1' } }),
    })
      .mutate({
        idempotencyKey: 'key-1',
        from: 'cart',
        payload: {
          customerId: 'u1',
          deliveryFee: 60,
          totalPrice: 2460,
          items: [{ productId: 'p1', productName: 'Nakshi kantha', image: '', quantity: 2, subTotal: 2400 }],
        },
      })
      .catch(() => {});
  }

  it('is shown waiting for connection with its lines and total, then as the real order once placed, never both', async () => {
    onlineManager.setOnline(false);
    let listed = [makeOrder()];
    stubApi({ [ORDERS]: () => ok(listed) });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queueOrder(queryClient);
    try {
      await renderPage(<MyOrdersPage />, { at: '/user/my-orders', queryClient });
      const waiting = await screen.findByRole('article', { name: 'Waiting for connection' });
      expect(within(waiting).getByText('It will be placed when you are back online.')).toBeInTheDocument();
      expect(within(waiting).getByText('৳2,460')).toBeInTheDocument();
      expect(within(waiting).getByText('Nakshi kantha')).toBeInTheDocument();
      expect(within(waiting).getByText('Qty 2')).toBeInTheDocument();

      // Placed: the waiting card gives way to the real order as the list is read again, never both.
      listed = [makeOrder({ _id: 'order00000000000000new1' }), makeOrder()];
      act(() => onlineManager.setOnline(true));
      expect(await screen.findByRole('article', { name: '#00new1' })).toBeInTheDocument();
      expect(screen.queryByRole('article', { name: /Waiting for connection|Sending|Placed/ })).not.toBeInTheDocument();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('says so in Bangla', async () => {
    onlineManager.setOnline(false);
    stubApi({ [ORDERS]: ok([]) });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queueOrder(queryClient);
    await act(() => setLocale('bn'));
    try {
      await renderPage(<MyOrdersPage />, { at: '/user/my-orders', queryClient });
      const waiting = await screen.findByRole('article', { name: 'সংযোগের অপেক্ষায়' });
      expect(within(waiting).getByText('আবার অনলাইনে এলে অর্ডারটি দেওয়া হবে।')).toBeInTheDocument();
      expect(within(waiting).getByText('৳২,৪৬০')).toBeInTheDocument();
    } finally {
      onlineManager.setOnline(true);
      await act(() => setLocale('en'));
    }
  });
});

describe('Download Invoice', () => {
  it('saves the PDF as invoice-{orderId}.pdf through an object URL', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:invoice'), revokeObjectURL: vi.fn() }));
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    stubApi({ [ORDERS]: ok([makeOrder()]), 'GET /api/order/invoice/order00000000000abc123': { body: '%PDF-1.7' } });
    await render();
    await user.click(await screen.findByRole('button', { name: 'Download Invoice' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:invoice', download: 'invoice-order00000000000abc123.pdf' }]));
  });

  it('only logs a failure', async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = vi.spyOn(notify, 'error');
    stubApi({ [ORDERS]: ok([makeOrder()]), 'GET /api/order/invoice/order00000000000abc123': { status: 500, body: { success: false, message: 'Boom' } } });
    await render();
    await user.click(await screen.findByRole('button', { name: 'Download Invoice' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Invoice download failed', expect.anything()));
    expect(error).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Download Invoice' })).toBeEnabled();
  });
});

describe('cancelling', () => {
  it('an unpaid cash order: asks why, PATCH status cancelled with the reason, toast, and the order says the reason', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(notify, 'success');
    const cancelled = makeOrder({ status: 'cancelled', cancelReason: 'customer', cancelCode: 'other', cancelNote: 'Wrong colour' });
    let status = 'pending';
    const fetchMock = stubApi({
      [ORDERS]: () => ok([status === 'pending' ? makeOrder() : cancelled]),
      'PATCH /api/order/update-status/order00000000000abc123': () => {
        status = 'cancelled';
        return ok(cancelled);
      },
    });
    await render();
    await user.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to cancel order #abc123?');
    const reasons = within(dialog).getByRole('group', { name: 'Why do you want to cancel?' });
    expect(within(reasons).getAllByRole('radio')).toHaveLength(5);

    await user.click(within(dialog).getByRole('button', { name: 'Yes, Cancel Order' }));
    expect(await within(dialog).findByText('Choose a reason from the list')).toBeInTheDocument();
    await user.click(within(reasons).getByRole('radio', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Cancel Order' }));
    expect(await within(dialog).findByText('Say in a few words why you cancel')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    await user.type(within(dialog).getByLabelText('A few words (needed for “Other”)'), ' Wrong colour ');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Cancel Order' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Order #abc123 has been cancelled.'));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ status: 'cancelled', reason: 'other', note: 'Wrong colour' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const card = screen.getByRole('article');
    expect(await within(card).findByText('cancelled')).toBeInTheDocument();
    expect(card).toHaveTextContent('You cancelled this order. Your reason: Other — Wrong colour');
  });

  it("Close keeps the order; a refused cancel says the server's reason, else 'Failed to cancel order'", async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(notify, 'error');
    const fetchMock = stubApi({
      [ORDERS]: ok([makeOrder({ paymentMethod: 'mobile-banking' })]),
      'PATCH /api/order/update-status/order00000000000abc123': {
        status: 409,
        body: { success: false, message: 'Only pending orders can be cancelled', code: 'onlyPendingCancel' },
      },
    });
    await render();
    await user.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    // The details' own 'Close' button; the dialog's × is 'Close dialog'.
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cancel Order' }));
    await user.click(screen.getByRole('radio', { name: 'I ordered by mistake' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Cancel Order' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Only pending orders can be cancelled'));

    stubApi({
      [ORDERS]: ok([makeOrder({ paymentMethod: 'mobile-banking' })]),
      'PATCH /api/order/update-status/order00000000000abc123': { status: 502, body: {} },
    });
    await user.click(screen.getByRole('button', { name: 'Yes, Cancel Order' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to cancel order'));
  });

  it('a paid mobile-banking order: refund dialog, number rule, submit, accepted dialog', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(notify, 'success');
    const fetchMock = stubApi({
      [ORDERS]: ok([makeOrder({ paymentStatus: 'paid', paymentMethod: 'mobile-banking' })]),
      'POST /api/refund/post': (body) => ({ status: 201, body: { success: true, message: 'Refund request submitted!', data: { _id: 'r1', body } } }),
    });
    await render();
    await user.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order and Submit Refund Request' });
    await user.selectOptions(within(dialog).getByLabelText('Refund Method'), 'bkash');
    await user.type(within(dialog).getByLabelText('Refund Number'), '0171234');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Refund Request' }));
    expect(within(dialog).getByText('Must be a valid Bangladeshi number (e.g. 01XXXXXXXXX)')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/refund/post')).toBe(false);

    await user.type(within(dialog).getByLabelText('Refund Number'), '5678');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Refund Request' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Refund request submitted!'));
    const post = fetchMock.mock.calls.find(([url]) => String(url) === '/api/refund/post');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ orderId: 'order00000000000abc123', refundMethod: 'bkash', refundNumber: '01712345678' });
    expect(await screen.findByRole('dialog', { name: 'Refund Request Accepted' })).toHaveTextContent(
      'Your order has been cancelled and refund request accepted. It may take up to 48 hours to get the refund. Thank you.',
    );
  });

  it('in Bangla the refund dialog offers বিকাশ, নগদ and রকেট and says what is missing in Bangla', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ [ORDERS]: ok([makeOrder({ paymentStatus: 'paid', paymentMethod: 'mobile-banking' })]) });
    await act(() => setLocale('bn'));
    try {
      await render();
      // The order's number is the same ASCII text in Bangla: it is what the shop searches by.
      expect(await screen.findByText('#abc123')).toBeInTheDocument();
      await user.click(await screen.findByRole('button', { name: 'অর্ডার বাতিল' }));
      const dialog = screen.getByRole('dialog', { name: 'অর্ডার বাতিল করে রিফান্ডের অনুরোধ পাঠান' });
      const method = within(dialog).getByLabelText('রিফান্ডের মাধ্যম');
      expect(
        within(method)
          .getAllByRole('option')
          .map((option) => [option.textContent, option.getAttribute('value')]),
      ).toEqual([
        ['একটি মাধ্যম বেছে নিন', ''],
        ['বিকাশ', 'bkash'],
        ['নগদ', 'nagad'],
        ['রকেট', 'rocket'],
      ]);
      await user.click(within(dialog).getByRole('button', { name: 'রিফান্ডের অনুরোধ পাঠান' }));
      expect(within(dialog).getByText('রিফান্ডের মাধ্যম বেছে নিন')).toBeInTheDocument();
      expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/refund/post')).toBe(false);
    } finally {
      await act(() => setLocale('en'));
    }
  });

  it('a refused refund shows the server message', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(notify, 'error');
    stubApi({
      [ORDERS]: ok([makeOrder({ paymentStatus: 'paid', paymentMethod: 'mobile-banking' })]),
      'POST /api/refund/post': { status: 409, body: { success: false, message: 'A refund was already requested for this order' } },
    });
    await render();
    await user.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    await user.selectOptions(screen.getByLabelText('Refund Method'), 'nagad');
    await user.type(screen.getByLabelText('Refund Number'), '01812345678');
    await user.click(screen.getByRole('button', { name: 'Submit Refund Request' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('A refund was already requested for this order'));
    expect(screen.getByRole('dialog', { name: 'Cancel order and Submit Refund Request' })).toBeInTheDocument();
  });
});

describe('an online order’s payment', () => {
  it('shows how long an unpaid online order waits, and why a cancelled one was cancelled', async () => {
    stubApi({
      [ORDERS]: ok([
        makeOrder({ _id: 'order00000000000aaa111', paymentMethod: 'mobile-banking' }),
        makeOrder({
          _id: 'order00000000000bbb222',
          paymentMethod: 'mobile-banking',
          status: 'cancelled',
          cancelReason: 'not-paid-in-time',
          paymentStatus: 'refunded',
        }),
      ]),
    });
    await render();
    expect(await screen.findByText('Waiting for payment: an order not paid within 30 minutes is cancelled.')).toBeInTheDocument();
    expect(screen.getByText('Cancelled: not paid within 30 minutes. The payment was paid back.')).toBeInTheDocument();
  });
});

describe('paying an unpaid online order', () => {
  it('offers Pay now only on pending unpaid online orders, and opens the gateway page the server answers', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const user = userEvent.setup();
    const fetchMock = stubApi({
      [ORDERS]: ok([
        makeOrder({ _id: 'order00000000000aaa111', paymentMethod: 'ssl', transaction_id: 'tran00000000000000aaa1' }),
        makeOrder({ _id: 'order00000000000bbb222', paymentMethod: 'mobile-banking', paymentStatus: 'paid', transaction_id: 'tran00000000000000bbb2' }),
        makeOrder({ _id: 'order00000000000ccc333' }),
      ]),
      'POST /api/payment/retry/tran00000000000000aaa1': ok({ url: 'https://sandbox.example/pay/NEW' }),
    });
    await render();
    const unpaid = await screen.findByRole('article', { name: '#aaa111' });
    expect(within(screen.getByRole('article', { name: '#bbb222' })).queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: '#ccc333' })).queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
    await user.click(within(unpaid).getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sandbox.example/pay/NEW'));
    expect(fetchMock).toHaveBeenCalled();
  });
});

describe('reviewing a delivered item', () => {
  it('needs stars and text, then posts the review', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(notify, 'success');
    const fetchMock = stubApi({
      [ORDERS]: ok([makeOrder({ status: 'delivered', paymentStatus: 'paid' })]),
      'POST /api/products/prod-2/reviews': { status: 201, body: { success: true, message: 'Review submitted successfully', data: {} } },
    });
    await render();
    await user.click(await screen.findByRole('button', { name: 'Review Leather Sandal' }));
    const dialog = screen.getByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: 'Submit Review' });
    expect(submit).toBeDisabled();
    await user.click(within(dialog).getByLabelText('4 stars'));
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Your review'), '  Comfortable  ');
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Review submitted successfully'));
    const post = fetchMock.mock.calls.find(([url]) => String(url) === '/api/products/prod-2/reviews');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ review: { userId: 'u1', stars: 4, text: 'Comfortable' } });
  });

  it('says so when the review edits the shopper’s earlier one, and shows the server’s reason when it is refused', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(notify, 'success');
    const error = vi.spyOn(notify, 'error');
    let answer = { status: 200, body: { success: true, message: 'Your review was updated', data: {} } };
    stubApi({ [ORDERS]: ok([makeOrder({ status: 'delivered', paymentStatus: 'paid' })]), 'POST /api/products/prod-2/reviews': () => answer });
    await render();
    const write = async () => {
      await user.click(await screen.findByRole('button', { name: 'Review Leather Sandal' }));
      const dialog = screen.getByRole('dialog');
      await user.click(within(dialog).getByLabelText('3 stars'));
      await user.type(within(dialog).getByLabelText('Your review'), 'Softer now');
      await user.click(within(dialog).getByRole('button', { name: 'Submit Review' }));
    };
    await write();
    await waitFor(() => expect(success).toHaveBeenCalledWith('Your review was updated'));

    answer = { status: 403, body: { success: false, message: 'You can review a product once an order of it has been delivered to you', data: {} } };
    await write();
    await waitFor(() => expect(error).toHaveBeenCalledWith('You can review a product once an order of it has been delivered to you'));
  });
});
