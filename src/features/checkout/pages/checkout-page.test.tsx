import { onlineManager, QueryClient } from '@tanstack/react-query';
import type { HistoryState } from '@tanstack/react-router';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/i18n/messages';
import { readCart, saveCart, type CartItem } from '@/lib/cart';
import { notify } from '@/lib/notify';
import { session } from '@/lib/session';
import { ok, refused, requestsTo, stubApi, type Handler, type Reply } from '@/test/api';
import { cartLine, CUSTOMER, signIn } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import type * as LocationsModule from '@/lib/locations';
import { CheckoutPage } from './checkout-page';

// The place lists load once per visit; a gate lets one test hold them back to see the loading state.
const locationsGate = vi.hoisted(() => ({ hold: Promise.resolve() }));
vi.mock('@/lib/locations', async (importOriginal) => {
  const real = await importOriginal<typeof LocationsModule>();
  return {
    ...real,
    loadLocations: async (locale?: Parameters<typeof real.loadLocations>[0]) => {
      await locationsGate.hold;
      return real.loadLocations(locale);
    },
  };
});

/** A customer with no saved phone or address, so the form starts empty. */
const shopper = { ...CUSTOMER, phone: null, address: null };

const line = (overrides: Partial<CartItem> = {}) => cartLine({ price: 1200.4, quantity: 2, subTotal: 2400.8, image: '/media/a.jpg', ...overrides });

const ORDER = 'POST /api/order/post-order';
/** The line of `line()` as the server prices it. */
const orderLine = { productId: 'p1', productName: 'Shirt', image: '/media/a.jpg', quantity: 2, size: null, color: null, price: 1200.4, subTotal: 2400.8 };
const QUOTE = 'POST /api/order/quote';

/** The shop's zones: Dhaka city ৳60, every other district ৳120. */
const ZONES = { zones: [{ name: 'Dhaka city', districts: ['Dhaka'], fee: 60, freeFrom: null }], otherDistricts: { fee: 120, freeFrom: null } };

/** The API the checkout talks to: the delivery zones, and whatever the order call should answer. */
function stubCheckoutApi(
  order: Handler = ok({ order: { _id: 'o1' } }, 201),
  fees: Handler = ok(ZONES),
  quote: Handler = ok({ subTotal: 2400.8, discount: 480.16, coupon: 'SAVE20', deliveryFee: null, totalPrice: null }),
) {
  return stubApi({ 'GET /api/delivery-zones': fees, [ORDER]: order, [QUOTE]: quote });
}

async function renderCheckout(state: HistoryState = { cartItems: [line()], from: 'cart' }, queryClient?: QueryClient) {
  const view = await renderPage(<CheckoutPage items={state.cartItems} from={state.from} />, { at: '/checkout', queryClient });
  await screen.findByRole('heading', { name: 'Checkout' });
  return view.router;
}

/** The place lists arrive as their own chunk; wait for them before choosing. */
const divisionSelect = async () => {
  const select = screen.getByLabelText('Division');
  await waitFor(() => expect(select).toBeEnabled());
  return select;
};

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Phone Number'), '01712345678');
  await user.type(screen.getByLabelText('Shipping Address'), 'House 5, Road 2');
  await user.selectOptions(await divisionSelect(), 'Dhaka');
  await user.selectOptions(screen.getByLabelText('District'), 'Dhaka');
  await user.selectOptions(screen.getByLabelText('City/Upazila'), 'Savar');
}

/** The browser's storage manager, and the service worker's catalogue cache with a stale product answer in it. */
function stubBrowserStorage() {
  const storage = { persisted: vi.fn(async () => false), persist: vi.fn(async () => true) };
  vi.stubGlobal('navigator', { ...navigator, storage });
  const kept = new Map([['/api/products/p1', new Request('http://127.0.0.1/api/products/p1')]]);
  vi.stubGlobal('caches', {
    open: async () => ({ keys: async () => [...kept.values()], delete: async (request: Request) => kept.delete(new URL(request.url).pathname) }),
  });
  return { storage, kept };
}

beforeEach(() => {
  session.logout();
});

describe('CheckoutPage', () => {
  it('without items shows only the empty text', async () => {
    stubCheckoutApi();
    await renderCheckout({});
    expect(screen.getByText('No item selected for checkout.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place Order' })).not.toBeInTheDocument();
    expect(screen.queryByText('Order Summary')).not.toBeInTheDocument();
  });

  it("sums its lines itself until the server prices them: a line's stated subTotal is not believed", async () => {
    stubCheckoutApi(undefined, undefined, () => new Promise<Reply>(() => undefined));
    signIn(shopper);
    await renderCheckout({ cartItems: [line({ subTotal: 1 })], from: 'cart' });

    expect(screen.getByTestId('checkout-total-price')).toHaveTextContent('৳2,400.80');
  });

  it("shows the order summary: total price, the fee of the district's zone, rounding and a grand total to whole taka with two decimals", async () => {
    stubCheckoutApi();
    signIn(shopper);
    const user = userEvent.setup();
    await renderCheckout();

    expect(screen.getByTestId('checkout-total-price')).toHaveTextContent('৳2,400.80');
    // No district yet: every other district's fee.
    await waitFor(() => expect(screen.getByTestId('checkout-delivery-fee')).toHaveTextContent('৳120'));
    expect(screen.getByTestId('checkout-grand-total')).toHaveTextContent('৳2,521.00');

    await user.selectOptions(await divisionSelect(), 'Dhaka');
    await user.selectOptions(screen.getByLabelText('District'), 'Dhaka');
    expect(screen.getByTestId('checkout-delivery-fee')).toHaveTextContent('৳60');
    expect(screen.getByText('Rounding').nextSibling).toHaveTextContent('+৳0.20');
    expect(screen.getByTestId('checkout-grand-total')).toHaveTextContent('৳2,461.00');

    // In the Dhaka division but outside Dhaka city.
    await user.selectOptions(screen.getByLabelText('District'), 'Kishoreganj');
    expect(screen.getByTestId('checkout-delivery-fee')).toHaveTextContent('৳120');
    expect(screen.getByTestId('checkout-grand-total')).toHaveTextContent('৳2,521.00');
  });

  it("starts with the account's default address, and charges its district's zone", async () => {
    stubApi({
      'GET /api/delivery-zones': ok(ZONES),
      [QUOTE]: ok({ subTotal: 2400.8, discount: 0, coupon: null, deliveryFee: null, totalPrice: null }),
      'GET /api/addresses': ok([
        {
          _id: 'a1',
          phone: '01912345678',
          division: 'Sylhet',
          district: 'Sylhet',
          city: 'Sylhet Sadar',
          addressDetails: 'House 3, Zindabazar',
          isDefault: true,
        },
        { _id: 'a2', phone: '01812345678', division: 'Dhaka', district: 'Dhaka', city: 'Savar', addressDetails: 'House 12', isDefault: false },
      ]),
    });
    signIn(shopper);
    await renderCheckout();
    await waitFor(() => expect(screen.getByLabelText('Shipping Address')).toHaveValue('House 3, Zindabazar'));
    expect(screen.getByLabelText('Phone Number')).toHaveValue('01912345678');
    await waitFor(() => expect(screen.getByLabelText('City/Upazila')).toHaveValue('Sylhet Sadar'));
    expect(screen.getByLabelText('District')).toHaveValue('Sylhet');
    expect(screen.getByTestId('checkout-delivery-fee')).toHaveTextContent('৳120');
  });

  it("shows the server's fee for the district once it answers, and asks for the district chosen", async () => {
    const fetchMock = stubCheckoutApi(undefined, undefined, (sent) =>
      ok({
        items: [orderLine],
        subTotal: 2400.8,
        discount: 0,
        coupon: null,
        ...((sent as { district?: string }).district === 'Gazipur' ? { deliveryFee: 0, totalPrice: 2401 } : { deliveryFee: null, totalPrice: null }),
      }),
    );
    signIn(shopper);
    const user = userEvent.setup();
    await renderCheckout();
    await user.selectOptions(await divisionSelect(), 'Dhaka');
    await user.selectOptions(screen.getByLabelText('District'), 'Gazipur');
    // The zones say ৳120; the server's quote (free delivery here) is what the order will be charged.
    await waitFor(() => expect(screen.getByTestId('checkout-delivery-fee')).toHaveTextContent('৳0'));
    expect(screen.getByTestId('checkout-grand-total')).toHaveTextContent('৳2,401.00');
    expect(requestsTo(fetchMock, QUOTE).map((request) => (request.body as { district?: string }).district)).toContain('Gazipur');
  });

  it("says 'Loading...' while the fee loads and 'Error loading fee' when it fails", async () => {
    let release: (answer: Reply) => void = () => {};
    stubCheckoutApi(undefined, () => new Promise<Reply>((resolve) => (release = resolve)));
    await renderCheckout();
    expect(screen.getByTestId('checkout-delivery-fee')).toHaveTextContent('Loading...');
    release({ status: 500, body: { success: false, message: 'down' } });
    await waitFor(() => expect(screen.getByTestId('checkout-delivery-fee')).toHaveTextContent('Error loading fee'));
  });

  it("shows 'Loading...' in the place selects until the lists arrive, then cascades and clears", async () => {
    stubCheckoutApi();
    let release = () => {};
    locationsGate.hold = new Promise<void>((resolve) => (release = resolve));
    const user = userEvent.setup();
    await renderCheckout();
    const division = screen.getByLabelText('Division');
    const district = screen.getByLabelText('District');
    const city = screen.getByLabelText('City/Upazila');
    expect(within(division).getByRole('option', { name: 'Loading...' })).toBeInTheDocument();
    expect(within(district).getByRole('option', { name: 'Loading...' })).toBeInTheDocument();
    expect(division).toBeDisabled();
    release();

    await waitFor(() => expect(division).toBeEnabled());
    expect(
      within(division)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select division', 'Dhaka', 'Chittagong', 'Rajshahi', 'Khulna', 'Barisal', 'Sylhet', 'Rangpur', 'Mymensingh']);
    expect(district).toBeDisabled();
    expect(city).toBeDisabled();

    await user.selectOptions(division, 'Dhaka');
    expect(district).toBeEnabled();
    expect(city).toBeDisabled();
    expect(within(district).getByRole('option', { name: 'Gazipur' })).toBeInTheDocument();
    await user.selectOptions(district, 'Dhaka');
    expect(city).toBeEnabled();
    await user.selectOptions(city, 'Savar');
    expect(city).toHaveValue('Savar');

    // A new district clears the city.
    await user.selectOptions(district, 'Gazipur');
    expect(city).toHaveValue('');
    await user.selectOptions(city, 'Kaliakior');

    // A new division clears district and city, and the city waits for a district again.
    await user.selectOptions(division, 'Chittagong');
    expect(district).toHaveValue('');
    expect(city).toHaveValue('');
    expect(city).toBeDisabled();
    expect(within(district).getByRole('option', { name: 'Cumilla' })).toBeInTheDocument();
    expect(within(district).queryByRole('option', { name: 'Gazipur' })).not.toBeInTheDocument();
  });

  it('in Bangla shows the places by their Bangla names and sends the English ones the server validates', async () => {
    const fetchMock = stubCheckoutApi();
    signIn(shopper);
    await act(() => setLocale('bn'));
    try {
      const user = userEvent.setup();
      await renderPage(<CheckoutPage items={[line()]} from="cart" />, { at: '/checkout' });
      const division = screen.getByLabelText('বিভাগ');
      await waitFor(() => expect(division).toBeEnabled());
      expect(
        within(division)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['বিভাগ বেছে নিন', 'ঢাকা', 'চট্টগ্রাম', 'রাজশাহী', 'খুলনা', 'বরিশাল', 'সিলেট', 'রংপুর', 'ময়মনসিংহ']);
      await user.type(screen.getByLabelText('ফোন নম্বর'), '০১৭১২৩৪৫৬৭৮');
      await user.type(screen.getByLabelText('ডেলিভারির ঠিকানা'), 'বাড়ি ৫, রোড ২');
      await user.selectOptions(division, 'ঢাকা');
      expect(division).toHaveValue('Dhaka');
      const district = screen.getByLabelText('জেলা');
      expect(within(district).getByRole('option', { name: 'গাজীপুর' })).toHaveValue('Gazipur');
      await user.selectOptions(district, 'ঢাকা');
      await user.selectOptions(screen.getByLabelText('শহর/উপজেলা'), 'সাভার');
      await user.click(screen.getByRole('button', { name: 'অর্ডার দিন' }));

      await waitFor(() => expect(requestsTo(fetchMock, ORDER)).toHaveLength(1));
      expect(requestsTo(fetchMock, ORDER)[0]?.body).toMatchObject({
        deliveryAddress: { division: 'Dhaka', district: 'Dhaka', city: 'Savar', addressDetails: 'বাড়ি ৫, রোড ২' },
      });
    } finally {
      await act(() => setLocale('en'));
    }
  });

  it('shows the payment number only for mobile banking, cash by default', async () => {
    stubCheckoutApi();
    const user = userEvent.setup();
    await renderCheckout();
    const payment = screen.getByRole('group', { name: 'Payment Method' });
    expect(within(payment).getByRole('radio', { name: 'Cash on Delivery' })).toBeChecked();
    expect(screen.queryByLabelText('Payment Number')).not.toBeInTheDocument();
    expect(within(payment).getByText(/bKash, Nagad or Rocket/)).toBeInTheDocument();

    await user.click(within(payment).getByRole('radio', { name: 'Mobile Banking (Bkash/Nagad/Rocket)' }));
    const number = screen.getByLabelText('Payment Number');
    expect(number).toHaveAttribute('type', 'tel');
    expect(number).toHaveAttribute('placeholder', '01XXXXXXXXX');

    await user.click(within(payment).getByRole('radio', { name: 'Cash on Delivery' }));
    expect(screen.queryByLabelText('Payment Number')).not.toBeInTheDocument();
  });

  it('an empty form: inline messages, and the division toast', async () => {
    const fetchMock = stubCheckoutApi();
    signIn(shopper);
    const error = vi.spyOn(notify, 'error');
    const user = userEvent.setup();
    await renderCheckout();
    await divisionSelect();

    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Address is required')).toBeInTheDocument();
    expect(screen.getByText('Division is required')).toBeInTheDocument();
    expect(screen.getByText('District is required')).toBeInTheDocument();
    expect(screen.getByText('City/Upazila is required')).toBeInTheDocument();
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('Please select a division');
    expect(screen.getByLabelText('Phone Number')).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(fetchMock, ORDER)).toHaveLength(0);
  });

  it('toasts the district, then the city, as each is missing; refuses a bad phone', async () => {
    const fetchMock = stubCheckoutApi();
    signIn(shopper);
    const error = vi.spyOn(notify, 'error');
    const user = userEvent.setup();
    await renderCheckout();
    await user.type(screen.getByLabelText('Phone Number'), '0171234567');
    await user.type(screen.getByLabelText('Shipping Address'), 'Road 1');
    await user.selectOptions(await divisionSelect(), 'Dhaka');

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(error).toHaveBeenLastCalledWith('Please select a district');
    expect(await screen.findByText('Invalid Bangladeshi phone number')).toBeInTheDocument();
    expect(screen.getByText('District is required')).toBeInTheDocument();
    expect(screen.queryByText('Division is required')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('District'), 'Dhaka');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(error).toHaveBeenLastCalledWith('Please select a city/upazila');
    expect(screen.getByText('City/Upazila is required')).toBeInTheDocument();
    expect(requestsTo(fetchMock, ORDER)).toHaveLength(0);
  });

  it('signed out: a valid form toasts to log in and sends nothing', async () => {
    const fetchMock = stubCheckoutApi();
    const error = vi.spyOn(notify, 'error');
    const user = userEvent.setup();
    await renderCheckout();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?redirect=%2Fcart');
    await fillValidForm(user);

    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(error).toHaveBeenCalledWith('Please login to place an order');
    expect(requestsTo(fetchMock, ORDER)).toHaveLength(0);
  });

  it('applies a coupon only when the server accepts it for this cart, and says why not inline', async () => {
    const fetchMock = stubCheckoutApi(undefined, undefined, refused(400, 'This coupon needs items worth at least ৳5,000'));
    signIn(shopper);
    const user = userEvent.setup();
    await renderCheckout();
    await fillValidForm(user);
    await user.type(screen.getByLabelText('Coupon Code'), 'BIG');
    // Place Order with a code not yet applied checks it first and places nothing.
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('This coupon needs items worth at least ৳5,000')).toBeInTheDocument();
    expect(screen.getByLabelText('Coupon Code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('checkout-discount')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, QUOTE).at(-1)?.body).toEqual({ items: [{ productId: 'p1', quantity: 2 }], cuopon: 'BIG' });
    expect(requestsTo(fetchMock, ORDER)).toHaveLength(0);
  });

  it('takes an applied coupon off when its code is edited', async () => {
    stubCheckoutApi();
    signIn(shopper);
    const user = userEvent.setup();
    await renderCheckout();
    await user.type(screen.getByLabelText('Coupon Code'), 'SAVE20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('SAVE20 applied: ৳480.16 off the items.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Coupon Code'), 'X');
    expect(screen.queryByTestId('checkout-discount')).not.toBeInTheDocument();
  });

  it('shows no grand total while the delivery fee is unknown, never one without it, and sends none it did not show', async () => {
    const fetchMock = stubCheckoutApi(undefined, () => new Promise<Reply>(() => {}));
    signIn(shopper);
    const user = userEvent.setup();
    await renderCheckout();
    expect(screen.getByTestId('checkout-delivery-fee')).toHaveTextContent('Loading...');
    expect(screen.getByTestId('checkout-grand-total')).toHaveTextContent('Shown once the delivery fee is known');
    expect(screen.getByTestId('checkout-grand-total')).not.toHaveTextContent('৳');

    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(requestsTo(fetchMock, ORDER)).toHaveLength(1));
    expect(requestsTo(fetchMock, ORDER)[0]?.body).not.toHaveProperty('totalPrice');
  });

  it('cash: sends the payload with an Idempotency-Key, takes its line out of the cart and goes to My Orders', async () => {
    let release: (answer: Reply) => void = () => {};
    const fetchMock = stubCheckoutApi(() => new Promise<Reply>((resolve) => (release = resolve)));
    const { storage, kept } = stubBrowserStorage();
    signIn(shopper);
    saveCart([line()]);
    const success = vi.spyOn(notify, 'success');
    const user = userEvent.setup();
    const router = await renderCheckout();
    await fillValidForm(user);
    await user.type(screen.getByLabelText('Coupon Code'), 'save20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByTestId('checkout-discount')).toHaveTextContent('−৳480.16');
    expect(screen.getByTestId('checkout-grand-total')).toHaveTextContent('৳1,981.00');

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const busy = await screen.findByRole('button', { name: 'Placing order...' });
    expect(busy).toBeDisabled();
    release(ok({ order: { _id: 'o1' } }, 201));

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/my-orders'));
    expect(success).toHaveBeenCalledWith('Order placed successfully!');
    expect(readCart()).toEqual([]);
    // The first order asks to keep the site's storage; the stock changed, so stale product answers are dropped.
    expect(storage.persist).toHaveBeenCalledTimes(1);
    expect(kept.size).toBe(0);
    const [call] = requestsTo(fetchMock, ORDER);
    expect(call?.headers['idempotency-key']).toMatch(/^[\x21-\x7e]{8,}$/);
    expect(call?.headers.Authorization).toBe('Bearer token-u1');
    expect(call?.body).toEqual({
      customerName: 'Rahim Uddin',
      customerEmail: 'rahim@example.com',
      customerId: 'u1',
      phone: '01712345678',
      cuopon: 'SAVE20',
      items: [{ productId: 'p1', productName: 'Nakshi kantha', image: '/media/a.jpg', quantity: 2, subTotal: 2400.8 }],
      totalPrice: 1981,
      paymentMethod: 'cash',
      paymentNumber: '',
      deliveryFee: 60,
      deliveryAddress: { division: 'Dhaka', district: 'Dhaka', city: 'Savar', addressDetails: 'House 5, Road 2' },
    });
  });

  describe('the cart after the order', () => {
    const sneakers = cartLine({ productId: 'p9', productName: 'Canvas sneakers', price: 2500, subTotal: 2500, size: '42', color: 'White' });

    async function placeCashOrder(state: HistoryState) {
      stubCheckoutApi();
      signIn(shopper);
      const user = userEvent.setup();
      const router = await renderCheckout(state);
      await fillValidForm(user);
      return {
        place: async () => {
          await user.click(screen.getByRole('button', { name: 'Place Order' }));
          await waitFor(() => expect(router.state.location.pathname).toBe('/user/my-orders'));
        },
      };
    }

    it('an order from Buy Now leaves the cart alone', async () => {
      saveCart([sneakers]);
      const order = await placeCashOrder({ cartItems: [line()], from: 'buy now' });
      await order.place();
      expect(readCart()).toEqual([sneakers]);
    });

    it('an order from Buy Again leaves the cart alone', async () => {
      saveCart([sneakers, line()]);
      const order = await placeCashOrder({ cartItems: [line()], from: 'buy again' });
      await order.place();
      expect(readCart()).toEqual([sneakers, line()]);
    });

    it('an order from the cart takes out exactly its lines; lines added meanwhile (another size, another product) stay', async () => {
      const ordered = line({ size: '42', color: 'White' });
      saveCart([ordered]);
      const order = await placeCashOrder({ cartItems: [ordered], from: 'cart' });
      // Another tab adds to the cart while this checkout is open.
      const otherSize = line({ size: '43', color: 'White' });
      saveCart([ordered, otherSize, sneakers]);
      await order.place();
      expect(readCart()).toEqual([otherSize, sneakers]);
    });
  });

  it('mobile banking: goes to the payment page the server names', async () => {
    stubCheckoutApi(() => ok({ order: { _id: 'o2' }, url: '/sandbox/pay/abc' }, 201));
    signIn(shopper);
    saveCart([line()]);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const success = vi.spyOn(notify, 'success');
    const user = userEvent.setup();
    await renderCheckout();
    await fillValidForm(user);
    await user.click(screen.getByRole('radio', { name: 'Mobile Banking (Bkash/Nagad/Rocket)' }));
    await user.type(screen.getByLabelText('Payment Number'), '01812345678');

    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/pay/abc'));
    expect(success).toHaveBeenCalledWith('Order received, redirecting to payment...');
    expect(readCart()).toEqual([]);
    // Busy while the browser leaves; usable again when it comes back to this page from its cache.
    expect(screen.getByRole('button', { name: 'Placing order...' })).toBeDisabled();
    act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  });

  it('a refused order shows the server message, a lost answer the generic text and keeps the key for the retry', async () => {
    const answers: Reply[] = [refused(400, 'Invalid coupon code'), 'network-error', ok({ order: { _id: 'o3' } }, 201)];
    const fetchMock = stubCheckoutApi(() => {
      return answers.shift() ?? ok({});
    });
    signIn(shopper);
    saveCart([line()]);
    const error = vi.spyOn(notify, 'error');
    const user = userEvent.setup();
    const router = await renderCheckout();
    await fillValidForm(user);
    const place = () => user.click(screen.getByRole('button', { name: 'Place Order' }));

    await place();
    await waitFor(() => expect(error).toHaveBeenCalledWith('Order failed: Invalid coupon code'));
    expect(readCart()).toHaveLength(1);
    await place();
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to place order. Please try again.'));
    expect(readCart()).toHaveLength(1);
    await place();
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/my-orders'));

    const keys = requestsTo(fetchMock, ORDER).map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    // Nothing was created by the refused attempt, so the next is a new one; the lost answer's key is reused.
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
  });

  it('prices its lines from the server when opened, saying which price changed', async () => {
    stubCheckoutApi(
      undefined,
      undefined,
      ok({ items: [{ ...orderLine, price: 1300, subTotal: 2600 }], subTotal: 2600, discount: 0, coupon: null, deliveryFee: null, totalPrice: null }),
    );
    signIn(shopper);
    const user = userEvent.setup();
    await renderCheckout();
    // The note's code comes when a price has changed.
    expect(await screen.findByText('Price updated')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Price changes' })).toHaveTextContent('Shirt: ৳1,200.40 → ৳1,300 each');
    expect(screen.getByTestId('checkout-total-price')).toHaveTextContent('৳2,600');
    await user.selectOptions(await divisionSelect(), 'Dhaka');
    await user.selectOptions(screen.getByLabelText('District'), 'Dhaka');
    await waitFor(() => expect(screen.getByTestId('checkout-grand-total')).toHaveTextContent('৳2,660.00'));
  });

  it('a changed total shows the order priced now, and one tap places it at that total', async () => {
    const now = { items: [{ ...orderLine, price: 1620, subTotal: 3240 }], subTotal: 3240, discount: 0, coupon: null, deliveryFee: 60, totalPrice: 3300 };
    const answers: Reply[] = [
      {
        status: 409,
        body: {
          success: false,
          message: 'Your total is now ৳3,300.00. Please check your order and place it again.',
          code: 'totalChanged',
          values: [3300],
          details: { quote: now },
        },
      },
      ok({ order: { _id: 'o4' } }, 201),
    ];
    const fetchMock = stubCheckoutApi(() => answers.shift() ?? ok({}), undefined, refused(503, 'Try again later'));
    signIn(shopper);
    const user = userEvent.setup();
    const router = await renderCheckout();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const again = await screen.findByRole('button', { name: 'Place Order at ৳3,300.00' });
    expect(screen.getByTestId('checkout-grand-total')).toHaveTextContent('৳3,300.00');
    expect(screen.getByRole('region', { name: 'Price changes' })).toHaveTextContent('Shirt: ৳1,200.40 → ৳1,620 each');
    await user.click(again);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/my-orders'));
    expect(requestsTo(fetchMock, ORDER).map((request) => (request.body as { totalPrice?: number }).totalPrice)).toEqual([2461, 3300]);
  });

  it('a double click places one order', async () => {
    let release: (answer: Reply) => void = () => {};
    const fetchMock = stubCheckoutApi(() => new Promise<Reply>((resolve) => (release = resolve)));
    signIn(shopper);
    const user = userEvent.setup();
    const router = await renderCheckout();
    await fillValidForm(user);

    await user.dblClick(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByRole('button', { name: 'Placing order...' });
    release(ok({ order: { _id: 'o1' } }, 201));

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/my-orders'));
    expect(requestsTo(fetchMock, ORDER)).toHaveLength(1);
  });

  describe('offline', () => {
    const OFFLINE_TEXT = 'You are offline — your order will be placed when you are back online';
    const WAITING_TEXT = 'Your order is waiting for a connection and will be placed when you are back online.';

    async function queueOrder(user: ReturnType<typeof userEvent.setup>) {
      await fillValidForm(user);
      act(() => onlineManager.setOnline(false));
      await user.click(screen.getByRole('button', { name: 'Place Order' }));
    }

    it('cash: says it will be placed when back online, holds one order, then places it once and does what an online order does', async () => {
      const fetchMock = stubCheckoutApi();
      const { storage, kept } = stubBrowserStorage();
      signIn(shopper);
      saveCart([line()]);
      const message = vi.spyOn(notify, 'message');
      const success = vi.spyOn(notify, 'success');
      const user = userEvent.setup();
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
      queryClient.setQueryData(['orders', 'u1'], []);
      const router = await renderCheckout(undefined, queryClient);

      await queueOrder(user);

      expect(message).toHaveBeenCalledWith(OFFLINE_TEXT);
      const waiting = await screen.findByRole('button', { name: 'Waiting for connection...' });
      expect(waiting).toBeDisabled();
      expect(screen.getByRole('status')).toHaveTextContent(WAITING_TEXT);
      await user.click(waiting);
      await user.click(waiting);
      expect(requestsTo(fetchMock, ORDER)).toHaveLength(0);
      expect(readCart()).toHaveLength(1);
      const queued = queryClient.getMutationCache().getAll();
      expect(queued).toHaveLength(1);
      expect(queued[0]?.state).toMatchObject({ status: 'pending', isPaused: true, variables: { queuedOffline: true } });

      act(() => onlineManager.setOnline(true));

      await waitFor(() => expect(router.state.location.pathname).toBe('/user/my-orders'));
      expect(success).toHaveBeenCalledWith('Order placed successfully!');
      expect(requestsTo(fetchMock, ORDER)).toHaveLength(1);
      expect(requestsTo(fetchMock, ORDER)[0]?.headers['idempotency-key']).toBe((queued[0]?.state.variables as { idempotencyKey: string }).idempotencyKey);
      expect(readCart()).toEqual([]);
      expect(storage.persist).toHaveBeenCalledTimes(1);
      expect(kept.size).toBe(0);
      expect(queryClient.getQueryState(['orders', 'u1'])?.isInvalidated).toBe(true);
    });

    it('mobile banking: no payment is started offline; once placed, the shopper is offered to pay instead of being sent away', async () => {
      const fetchMock = stubCheckoutApi(() => ok({ order: { _id: 'o2' }, url: '/sandbox/pay/abc' }, 201));
      stubBrowserStorage();
      signIn(shopper);
      saveCart([line()]);
      const assign = vi.fn();
      vi.stubGlobal('location', { ...window.location, assign });
      const success = vi.spyOn(notify, 'success');
      const user = userEvent.setup();
      const router = await renderCheckout();
      await user.click(screen.getByRole('radio', { name: 'Mobile Banking (Bkash/Nagad/Rocket)' }));
      await user.type(screen.getByLabelText('Payment Number'), '01812345678');

      await queueOrder(user);
      expect(await screen.findByRole('button', { name: 'Waiting for connection...' })).toBeDisabled();
      expect(requestsTo(fetchMock, ORDER)).toHaveLength(0);

      act(() => onlineManager.setOnline(true));

      await waitFor(() => expect(success).toHaveBeenCalledWith('Order placed! Pay now to complete it.', expect.anything()));
      expect(requestsTo(fetchMock, ORDER)).toHaveLength(1);
      expect(assign).not.toHaveBeenCalled();
      await waitFor(() => expect(router.state.location.pathname).toBe('/user/my-orders'));
      expect(readCart()).toEqual([]);
      const options = success.mock.calls.find(([text]) => text === 'Order placed! Pay now to complete it.')?.[1];
      const action = options?.action as { label: string; onClick: () => void };
      expect(action.label).toBe('Pay now');
      action.onClick();
      expect(assign).toHaveBeenCalledWith('/sandbox/pay/abc');
    });

    it('refused when it is finally sent (stock ran out): the server message, the cart kept, and the next attempt is a new one', async () => {
      const answers: Reply[] = [refused(409, 'Not enough stock for Nakshi kantha'), ok({ order: { _id: 'o4' } }, 201)];
      const fetchMock = stubCheckoutApi(() => answers.shift() ?? ok({}));
      stubBrowserStorage();
      signIn(shopper);
      saveCart([line()]);
      const error = vi.spyOn(notify, 'error');
      const user = userEvent.setup();
      const router = await renderCheckout();

      await queueOrder(user);
      await screen.findByRole('button', { name: 'Waiting for connection...' });
      act(() => onlineManager.setOnline(true));

      await waitFor(() => expect(error).toHaveBeenCalledWith('Order failed: Not enough stock for Nakshi kantha'));
      expect(readCart()).toHaveLength(1);
      expect(router.state.location.pathname).toBe('/checkout');
      await user.click(await screen.findByRole('button', { name: 'Place Order' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/user/my-orders'));
      const keys = requestsTo(fetchMock, ORDER).map((request) => request.headers['idempotency-key']);
      expect(keys).toHaveLength(2);
      expect(keys[1]).not.toBe(keys[0]);
    });
  });
});
