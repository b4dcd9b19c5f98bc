import { colourIn } from '../../../contract/colour-names-bn';
import { toLocaleDigits, type Locale } from '../../../contract/locale';
import { orderNumber } from '../../../contract/order-number';
import type { Order, OrderStatus, PaymentMethod, PaymentStatus, TotalsLine } from '../../../contract/orders';
import { addressLine, type PlaceNames } from '../../../contract/place-names';
import BANGLA_PLACE_NAMES from '../../../contract/place-names-bn';

/** Every word an invoice prints beside the order's own text, in the language the shopper reads the shop in. */
export type InvoiceLabels = {
  shop: string;
  title: string;
  documentTitle: (id: string) => string;
  invoiceNumber: string;
  date: string;
  status: string;
  payment: string;
  transaction: string;
  billTo: string;
  phone: string;
  email: string;
  deliverTo: string;
  item: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  size: (size: string) => string;
  colour: (colour: string) => string;
  totals: Record<TotalsLine['kind'], string>;
  discountWithCoupon: (code: string) => string;
  statuses: Record<OrderStatus, string>;
  paymentStatuses: Record<PaymentStatus, string>;
  paymentMethods: Record<PaymentMethod, string>;
  months: readonly string[];
  thanks: string;
};

export const INVOICE_LABELS: Record<Locale, InvoiceLabels> = {
  en: {
    shop: 'haat',
    title: 'INVOICE',
    documentTitle: (id) => `Invoice ${id}`,
    invoiceNumber: 'Invoice no.',
    date: 'Date',
    status: 'Status',
    payment: 'Payment',
    transaction: 'Transaction',
    billTo: 'Bill to',
    phone: 'Phone',
    email: 'Email',
    deliverTo: 'Deliver to',
    item: 'Item',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    size: (size) => `Size: ${size}`,
    colour: (colour) => `Colour: ${colour}`,
    totals: { subtotal: 'Subtotal', discount: 'Discount', delivery: 'Delivery Fee', rounding: 'Rounding', total: 'Total' },
    discountWithCoupon: (code) => `Discount (${code})`,
    statuses: { pending: 'Pending', processing: 'Processing', shipped: 'Shipped', delivered: 'Delivered', cancelled: 'Cancelled' },
    paymentStatuses: { unpaid: 'unpaid', paid: 'paid', refunded: 'refunded' },
    paymentMethods: { cash: 'Cash on Delivery', 'mobile-banking': 'Mobile Banking (Bkash/Nagad/Rocket)', ssl: 'Card or other online payment' },
    months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
    thanks: 'Thank you for shopping with haat.',
  },
  bn: {
    shop: 'হাট',
    title: 'ইনভয়েস',
    documentTitle: (id) => `ইনভয়েস ${id}`,
    invoiceNumber: 'ইনভয়েস নং',
    date: 'তারিখ',
    status: 'অবস্থা',
    payment: 'পেমেন্ট',
    transaction: 'লেনদেন',
    billTo: 'ক্রেতা',
    phone: 'ফোন',
    email: 'ইমেইল',
    deliverTo: 'ডেলিভারি ঠিকানা',
    item: 'পণ্য',
    quantity: 'পরিমাণ',
    unitPrice: 'একক দাম',
    amount: 'মূল্য',
    size: (size) => `সাইজ: ${size}`,
    colour: (colour) => `রং: ${colourIn('bn', colour)}`,
    totals: { subtotal: 'সাবটোটাল', discount: 'ছাড়', delivery: 'ডেলিভারি চার্জ', rounding: 'রাউন্ডিং', total: 'মোট' },
    discountWithCoupon: (code) => `ছাড় (${code})`,
    statuses: { pending: 'অপেক্ষমাণ', processing: 'প্রক্রিয়াধীন', shipped: 'পাঠানো হয়েছে', delivered: 'ডেলিভারি হয়েছে', cancelled: 'বাতিল' },
    paymentStatuses: { unpaid: 'অপরিশোধিত', paid: 'পরিশোধিত', refunded: 'টাকা ফেরত দেওয়া হয়েছে' },
    paymentMethods: { cash: 'ক্যাশ অন ডেলিভারি', 'mobile-banking': 'মোবাইল ব্যাংকিং (বিকাশ/নগদ/রকেট)', ssl: 'কার্ড বা অন্য অনলাইন পেমেন্ট' },
    months: ['জানুয়ারি', 'ফেব্রুয়ারি', 'মার্চ', 'এপ্রিল', 'মে', 'জুন', 'জুলাই', 'আগস্ট', 'সেপ্টেম্বর', 'অক্টোবর', 'নভেম্বর', 'ডিসেম্বর'],
    thanks: 'হাট-এ কেনাকাটার জন্য ধন্যবাদ।',
  },
};

/** Every word a packing slip prints beside the order's own text; the rest (phone, size, payment) is the invoice's. */
export type PackingSlipLabels = {
  title: string;
  documentTitle: (id: string) => string;
  orderNumber: string;
  placed: string;
  deliverTo: string;
  address: string;
  collectCash: (amount: string) => string;
  paidCollectNothing: string;
  collectNothing: (paymentStatus: string) => string;
  packed: string;
  summary: (lines: number, units: number) => string;
};

export const PACKING_SLIP_LABELS: Record<Locale, PackingSlipLabels> = {
  en: {
    title: 'PACKING SLIP',
    documentTitle: (id) => `Packing slip ${id}`,
    orderNumber: 'Order no.',
    placed: 'Placed',
    deliverTo: 'Deliver to',
    address: 'Address',
    collectCash: (amount) => `Collect ${amount} in cash`,
    paidCollectNothing: 'Paid — collect nothing',
    collectNothing: (paymentStatus) => `Payment ${paymentStatus} — collect nothing`,
    packed: 'Packed',
    summary: (lines, units) => `${lines} ${lines === 1 ? 'line' : 'lines'}, ${units} ${units === 1 ? 'unit' : 'units'}`,
  },
  bn: {
    title: 'প্যাকিং স্লিপ',
    documentTitle: (id) => `প্যাকিং স্লিপ ${id}`,
    orderNumber: 'অর্ডার নং',
    placed: 'অর্ডারের তারিখ',
    deliverTo: 'প্রাপক',
    address: 'ঠিকানা',
    collectCash: (amount) => `ক্যাশে ${amount} আদায় করুন`,
    paidCollectNothing: 'পরিশোধিত — কিছু আদায় করবেন না',
    collectNothing: (paymentStatus) => `পেমেন্ট ${paymentStatus} — কিছু আদায় করবেন না`,
    packed: 'প্যাক',
    summary: (lines, units) => `${toLocaleDigits(String(lines), 'bn')}টি আইটেম, মোট ${toLocaleDigits(String(units), 'bn')} পিস`,
  },
};

/** A totals line's label: the coupon's code beside a discount. */
export const totalsLabel = (labels: InvoiceLabels, line: TotalsLine) =>
  line.kind === 'discount' && line.coupon ? labels.discountWithCoupon(line.coupon) : labels.totals[line.kind];

/** 'dd mmm yyyy' in Dhaka time, where the shop and its shoppers are: '01 Mar 2026', '০১ মার্চ ২০২৬'. */
export function dhakaDate(iso: string, locale: Locale = 'en'): string {
  const dhaka = new Date(new Date(iso).getTime() + 6 * 60 * 60 * 1000);
  const day = toLocaleDigits(String(dhaka.getUTCDate()).padStart(2, '0'), locale);
  return `${day} ${INVOICE_LABELS[locale].months[dhaka.getUTCMonth()]} ${toLocaleDigits(String(dhaka.getUTCFullYear()), locale)}`;
}

const PLACE_NAMES: Record<Locale, PlaceNames | null> = { en: null, bn: BANGLA_PLACE_NAMES };

/** Where an order goes, as one line, its places (stored by their English names) named in `locale`. */
/** The order's number the customer knows, beside the full id: '#bac930 (6748f2a1…bac930)', the same in both languages. */
export const numberAndId = (id: string) => `#${orderNumber(id)} (${id})`;

export const deliveryAddressLine = (order: Order, locale: Locale) => addressLine(order.deliveryAddress, PLACE_NAMES[locale]);
