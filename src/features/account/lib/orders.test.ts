import { orderStatuses, paymentStatuses, type Order } from '@contract/orders';
import { describe, expect, it } from 'vitest';
import bangla from '@/messages/account/bn';
import text from '@/messages/account/en';
import {
  activeFilterCount,
  buyAgainState,
  cancelAction,
  dashboardTotals,
  dayRange,
  filterOrders,
  NO_ORDER_FILTERS,
  orderNotice,
  shortId,
  type CancelAction,
} from './orders';

const METHODS = ['cash', 'mobile-banking', 'ssl'] as const;

function expected(status: string, paymentStatus: string, method: string): CancelAction {
  if (status !== 'pending') return 'none';
  if (paymentStatus === 'paid' && method === 'ssl') return 'refund';
  if (paymentStatus === 'paid' && method === 'mobile-banking') return 'refund';
  if (paymentStatus === 'unpaid') return 'confirm';
  return 'none';
}

describe('cancelAction: every status × payment status × method', () => {
  const cases = orderStatuses.flatMap((status) =>
    paymentStatuses.flatMap((paymentStatus) => METHODS.map((method) => [status, paymentStatus, method] as const)),
  );

  it('covers all 45 combinations', () => {
    expect(cases).toHaveLength(5 * 3 * 3);
  });

  it.each(cases)('%s / %s / %s', (status, paymentStatus, paymentMethod) => {
    expect(cancelAction({ status, paymentStatus, paymentMethod })).toBe(expected(status, paymentStatus, paymentMethod));
  });

  it('spells out the four cases that open a dialog', () => {
    expect(cancelAction({ status: 'pending', paymentStatus: 'paid', paymentMethod: 'mobile-banking' })).toBe('refund');
    expect(cancelAction({ status: 'pending', paymentStatus: 'paid', paymentMethod: 'ssl' })).toBe('refund');
    expect(cancelAction({ status: 'pending', paymentStatus: 'unpaid', paymentMethod: 'cash' })).toBe('confirm');
    expect(cancelAction({ status: 'pending', paymentStatus: 'unpaid', paymentMethod: 'mobile-banking' })).toBe('confirm');
    expect(cancelAction({ status: 'pending', paymentStatus: 'paid', paymentMethod: 'cash' })).toBe('none');
    expect(cancelAction({ status: 'pending', paymentStatus: 'refunded', paymentMethod: 'mobile-banking' })).toBe('none');
    expect(cancelAction({ status: 'processing', paymentStatus: 'unpaid', paymentMethod: 'cash' })).toBe('none');
  });
});

const item = (productName: string, subTotal = 100, quantity = 1) => ({
  productId: `p-${productName}`,
  variantId: null,
  productName,
  productNameBn: null,
  image: null,
  quantity,
  size: null,
  color: null,
  price: subTotal / quantity,
  subTotal,
});

/** An order placed at a time of the shopper's own day (the dates an order card shows are local). */
const placed = (year: number, month: number, day: number, hour = 12) => new Date(year, month - 1, day, hour).toISOString();
const payment = { paymentStatus: 'unpaid' as const, paymentMethod: 'cash' as const };

const orders = [
  { _id: 'ord-0000AAA111', status: 'pending' as const, items: [item('Cotton Panjabi'), item('Leather Sandal')], createdAt: placed(2026, 11, 2, 0), ...payment },
  {
    _id: 'ord-0000BBB222',
    status: 'delivered' as const,
    items: [item('Jamdani Saree')],
    createdAt: placed(2026, 10, 20),
    ...payment,
    paymentStatus: 'paid' as const,
  },
  {
    _id: 'ord-0000CCC333',
    status: 'cancelled' as const,
    items: [item('Panjabi Pyjama Set')],
    createdAt: placed(2026, 10, 31, 23),
    paymentStatus: 'refunded' as const,
    paymentMethod: 'mobile-banking' as const,
  },
  {
    _id: 'ord-0000DDD444',
    status: 'shipped' as const,
    items: [item('Tea Kettle')],
    createdAt: placed(2026, 11, 5),
    ...payment,
    paymentMethod: 'mobile-banking' as const,
  },
];
const ids = (list: { _id: string }[]) => list.map((o) => o._id);

describe('filterOrders: search and tabs', () => {
  it('All with no search shows every order in order', () => {
    expect(ids(filterOrders(orders, '', 'all'))).toEqual(ids(orders));
  });

  it('a tab keeps only its status', () => {
    expect(ids(filterOrders(orders, '', 'delivered'))).toEqual(['ord-0000BBB222']);
    expect(ids(filterOrders(orders, '', 'processing'))).toEqual([]);
  });

  it('matches any item product name, ignoring case', () => {
    expect(ids(filterOrders(orders, 'PANJABI', 'all'))).toEqual(['ord-0000AAA111', 'ord-0000CCC333']);
    expect(ids(filterOrders(orders, 'sandal', 'all'))).toEqual(['ord-0000AAA111']);
  });

  it('matches part of the order id, ignoring case and surrounding spaces', () => {
    expect(ids(filterOrders(orders, '  ddd444 ', 'all'))).toEqual(['ord-0000DDD444']);
  });

  it('finds an order by its number as shown: with or without #, in any case, in Bangla digits too', () => {
    for (const search of ['#ddd444', '# DDD444', 'DDD444', '#ddd৪৪৪']) expect(ids(filterOrders(orders, search, 'all')), search).toEqual(['ord-0000DDD444']);
  });

  it('combines the search with the tab', () => {
    expect(ids(filterOrders(orders, 'panjabi', 'cancelled'))).toEqual(['ord-0000CCC333']);
    expect(ids(filterOrders(orders, 'panjabi', 'shipped'))).toEqual([]);
  });
});

describe('filterOrders: the Filter panel', () => {
  const filters = (patch: Partial<typeof NO_ORDER_FILTERS>) => ({ ...NO_ORDER_FILTERS, ...patch });

  it('keeps orders placed between two days, both included, by the shopper’s own calendar', () => {
    expect(ids(filterOrders(orders, '', 'all', filters({ from: '2026-10-31', to: '2026-11-02' })))).toEqual(['ord-0000AAA111', 'ord-0000CCC333']);
    expect(ids(filterOrders(orders, '', 'all', filters({ from: '2026-11-02' })))).toEqual(['ord-0000AAA111', 'ord-0000DDD444']);
    expect(ids(filterOrders(orders, '', 'all', filters({ to: '2026-10-31' })))).toEqual(['ord-0000BBB222', 'ord-0000CCC333']);
  });

  it('reads a range typed the wrong way round as the days between the two', () => {
    expect(dayRange({ from: '2026-11-02', to: '2026-10-31' })).toEqual({ first: '2026-10-31', last: '2026-11-02', reversed: true });
    expect(ids(filterOrders(orders, '', 'all', filters({ from: '2026-11-02', to: '2026-10-31' })))).toEqual(['ord-0000AAA111', 'ord-0000CCC333']);
  });

  it('keeps one payment status and one payment method', () => {
    expect(ids(filterOrders(orders, '', 'all', filters({ paymentStatus: 'paid' })))).toEqual(['ord-0000BBB222']);
    expect(ids(filterOrders(orders, '', 'all', filters({ paymentMethod: 'mobile-banking' })))).toEqual(['ord-0000CCC333', 'ord-0000DDD444']);
    expect(ids(filterOrders(orders, '', 'all', filters({ paymentMethod: 'mobile-banking', paymentStatus: 'unpaid' })))).toEqual(['ord-0000DDD444']);
  });

  it('works together with the search text and the status tab', () => {
    const mobile = filters({ paymentMethod: 'mobile-banking' });
    expect(ids(filterOrders(orders, 'panjabi', 'all', mobile))).toEqual(['ord-0000CCC333']);
    expect(ids(filterOrders(orders, 'panjabi', 'pending', mobile))).toEqual([]);
    expect(ids(filterOrders(orders, '', 'shipped', filters({ ...mobile, from: '2026-11-01' })))).toEqual(['ord-0000DDD444']);
  });

  it('counts the filters that are on, the date range once', () => {
    expect(activeFilterCount(NO_ORDER_FILTERS)).toBe(0);
    expect(activeFilterCount(filters({ from: '2026-11-01', to: '2026-11-30' }))).toBe(1);
    expect(activeFilterCount(filters({ to: '2026-11-30', paymentStatus: 'paid', paymentMethod: 'cash' }))).toBe(3);
  });
});

describe('dashboard', () => {
  it('Total Spent counts paid orders and cash ones not cancelled (never unpaid online or refunded ones); counts all orders and the delivered ones', () => {
    const totals = dashboardTotals([
      { status: 'pending', paymentMethod: 'cash', paymentStatus: 'unpaid', totalPrice: 1250.1 },
      { status: 'delivered', paymentMethod: 'cash', paymentStatus: 'paid', totalPrice: 99.2 },
      { status: 'cancelled', paymentMethod: 'cash', paymentStatus: 'unpaid', totalPrice: 5000 },
      { status: 'delivered', paymentMethod: 'mobile-banking', paymentStatus: 'paid', totalPrice: 0.7 },
      // Never paid, or paid back: nothing spent.
      { status: 'pending', paymentMethod: 'mobile-banking', paymentStatus: 'unpaid', totalPrice: 700 },
      { status: 'pending', paymentMethod: 'mobile-banking', paymentStatus: 'refunded', totalPrice: 800 },
    ]);
    expect(totals).toEqual({ totalOrders: 6, totalSpent: 1350, deliveredOrders: 2 });
  });

  it('short ids are the last 6 characters', () => {
    expect(shortId('6650f1a2b3c4d5e6f7a8b9c0')).toBe('a8b9c0');
  });
});

describe('order details and Buy Again', () => {
  const order = {
    totalPrice: 1380,
    deliveryFee: 60,
    items: [{ ...item('Shirt', 1200, 2), color: 'Blue', size: 'M' }, { ...item('Gone', 120, 1), productId: null }, item('Cap', 120, 1)],
  } as unknown as Order;

  it('builds cart items from the lines still for sale, with a unit price from subTotal', () => {
    const { cartItems } = buyAgainState(order, { id: 'u-1', name: 'Rahim' });
    expect(cartItems).toEqual([
      {
        productId: 'p-Shirt',
        productName: 'Shirt',
        productCategory: 'Unknown Category',
        price: 600,
        quantity: 2,
        subTotal: 1200,
        maxStock: 2,
        image: '',
        color: 'Blue',
        size: 'M',
        OwnerId: 'u-1',
        OwnerName: 'Rahim',
      },
      expect.objectContaining({ productId: 'p-Cap', price: 120, quantity: 1, maxStock: 1 }),
    ]);
    expect(cartItems[1]).not.toHaveProperty('color');
  });

  it('is safe without an owner', () => {
    const { cartItems } = buyAgainState(order, {});
    expect(cartItems[0]).toMatchObject({ OwnerId: '', OwnerName: '' });
  });
});

describe('orderNotice', () => {
  const online = { status: 'pending', paymentStatus: 'unpaid', paymentMethod: 'mobile-banking', cancelReason: null } as const;

  it('tells an online order waiting for its payment how long it waits', () => {
    expect(orderNotice(online, text)).toBe('Waiting for payment: an order not paid within 30 minutes is cancelled.');
    expect(orderNotice({ ...online, paymentMethod: 'cash' }, text)).toBeNull();
    expect(orderNotice({ ...online, paymentStatus: 'paid' }, text)).toBeNull();
  });

  it('says why a cancelled order was cancelled, and that a late payment went back', () => {
    const cancelled = { ...online, status: 'cancelled' } as const;
    expect(orderNotice({ ...cancelled, cancelReason: 'not-paid-in-time' }, text)).toBe('Cancelled: not paid within 30 minutes.');
    expect(orderNotice({ ...cancelled, cancelReason: 'not-paid-in-time', paymentStatus: 'refunded' }, text)).toBe(
      'Cancelled: not paid within 30 minutes. The payment was paid back.',
    );
    expect(orderNotice({ ...cancelled, cancelReason: 'shop', paymentStatus: 'refunded' }, text)).toBe('Cancelled by the shop. The payment was paid back.');
    expect(orderNotice({ ...cancelled, cancelReason: 'customer' }, text)).toBe('You cancelled this order.');
    expect(orderNotice({ ...cancelled, cancelReason: null }, text)).toBeNull();
  });

  it('tells the customer the reason they gave, in the language on screen, with their own words', () => {
    const cancelled = { ...online, status: 'cancelled', cancelReason: 'customer' } as const;
    expect(orderNotice({ ...cancelled, cancelCode: 'found-cheaper', cancelNote: 'Cheaper at the market' }, text)).toBe(
      'You cancelled this order. Your reason: I found it cheaper elsewhere — Cheaper at the market',
    );
    expect(orderNotice({ ...cancelled, cancelCode: 'ordered-by-mistake', cancelNote: null }, bangla)).toBe(
      'আপনি এই অর্ডারটি বাতিল করেছেন। আপনার কারণ: ভুল করে অর্ডার করেছি',
    );
  });
});
