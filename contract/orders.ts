import { z } from 'zod';
import { DIVISIONS, divisionNamed } from './delivery';
import { formatTaka, formatTakaExact, roundingOf } from './money';
import { toAsciiDigits } from './locale';
import { bdPhoneSchema } from './phone';
import { idSchema } from './envelope';
import { trackingSchema } from './courier';
import { EMAIL_MAX, line, text } from './text';

/* ---------- values ---------- */

export const orderStatuses = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** `refunded` once a refund request was paid back. */
export const paymentStatuses = ['unpaid', 'paid', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
/** `returned`: the courier brought the parcel back to the shop. */
export const cancelReasons = ['customer', 'shop', 'not-paid-in-time', 'not-confirmed', 'returned'] as const;
export type CancelReason = (typeof cancelReasons)[number];

/** The reasons a customer picks from when cancelling their order; `other` needs a few words. */
export const customerCancelCodes = ['ordered-by-mistake', 'found-cheaper', 'delivery-too-slow', 'change-order', 'other'] as const;
export type CustomerCancelCode = (typeof customerCancelCodes)[number];
/** The reasons an admin picks from when cancelling an order for the shop. */
export const shopCancelCodes = ['customer-asked', 'customer-unreachable', 'out-of-stock', 'suspected-fake', 'other'] as const;
export type ShopCancelCode = (typeof shopCancelCodes)[number];
/** Every reason either list holds. */
export const cancelCodes = [
  'ordered-by-mistake',
  'found-cheaper',
  'delivery-too-slow',
  'change-order',
  'customer-asked',
  'customer-unreachable',
  'out-of-stock',
  'suspected-fake',
  'other',
] as const satisfies readonly (CustomerCancelCode | ShopCancelCode)[];
export type CancelCode = (typeof cancelCodes)[number];
/** Characters of what the one who cancels may write beside the reason. */
export const CANCEL_NOTE_MAX = 300;
export const CANCEL_REASON_UNKNOWN = 'Choose a reason from the list';
export const CANCEL_NOTE_TOO_LONG = `The note can be at most ${CANCEL_NOTE_MAX} characters`;
export const CANCEL_NOTE_NEEDED = 'Say in a few words why you cancel';
export const CANCEL_ONLY = 'A reason is given only when cancelling';

/**
 * Why an order is cancelled: one of `codes` and, optionally, a few words (needed with `other`). Both are optional
 * for the API's older callers, which cancel with `{ status }` alone; the forms always ask.
 */
export const cancellationFields = <T extends readonly [string, ...string[]]>(codes: T) => ({
  reason: z.enum(codes, CANCEL_REASON_UNKNOWN).optional(),
  note: z.preprocess((v) => blankToUndefined(nullToUndefined(v)), line().trim().max(CANCEL_NOTE_MAX, CANCEL_NOTE_TOO_LONG).optional()),
});
/** The rules a status change with a reason follows: a reason only with `cancelled`, and `other` explained. */
export const cancellationRules = (value: { status: string; reason?: string; note?: string }, ctx: z.RefinementCtx) => {
  if (value.status !== 'cancelled' && (value.reason !== undefined || value.note !== undefined)) {
    ctx.addIssue({ code: 'custom', message: CANCEL_ONLY, path: ['reason'] });
  } else if (value.reason === 'other' && !value.note) {
    ctx.addIssue({ code: 'custom', message: CANCEL_NOTE_NEEDED, path: ['note'] });
  }
};

/** Minutes an online order waits for its payment; then it is cancelled and its stock goes back. */
export const UNPAID_ORDER_MINUTES = 30;

/**
 * A cash order from a phone number without a delivered order waits for its confirmation (`awaiting`): the SMS code
 * sent to that phone, or the shop confirming by phone. Null: the order never needed one.
 */
export const cashConfirmations = ['awaiting', 'confirmed'] as const;
export type CashConfirmation = (typeof cashConfirmations)[number];
/** Hours a cash order waits for its confirmation unless the shop sets another time; then it is cancelled. */
export const CASH_CONFIRMATION_HOURS = 24;
/** Digits of the code that confirms a cash order. */
export const CASH_CODE_LENGTH = 6;
/** The code a shopper types to confirm a cash order, in either digit set. */
export const cashCodeSchema = z.object({
  code: z.preprocess(
    (value) => (typeof value === 'string' ? toAsciiDigits(value).trim() : value),
    z.string('Enter the code').regex(new RegExp(`^\\d{${CASH_CODE_LENGTH}}$`), `Enter the ${CASH_CODE_LENGTH}-digit code`),
  ),
});

/** `ssl`: paid online through the gateway by card or any method it offers; `mobile-banking`: through the gateway by bKash, Nagad or Rocket. */
export const paymentMethods = ['cash', 'mobile-banking', 'ssl'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
/** Paid through the payment gateway before delivery (every method but cash). */
export const isOnlinePayment = (method: PaymentMethod): boolean => method !== 'cash';
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash on Delivery',
  'mobile-banking': 'Mobile Banking (Bkash/Nagad/Rocket)',
  ssl: 'Card or other online payment',
};

export const refundMethods = ['bkash', 'nagad', 'rocket'] as const;
export type RefundMethod = (typeof refundMethods)[number];

export const refundStatuses = ['pending', 'approved', 'refunded', 'rejected'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** How an approved refund is paid: back through the payment gateway, or sent by hand to the customer's refund number. */
export const refundPayouts = ['gateway', 'manual'] as const;
export type RefundPayout = (typeof refundPayouts)[number];

/**
 * Where the shop may move an order from each status: forward along pending → processing → shipped → delivered, or
 * cancelled until it is delivered (a shipped parcel the courier brings back). Delivered and cancelled are final.
 * The server refuses any other change (409); back-office screens offer only these.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
};
export const canMoveOrder = (from: OrderStatus, to: OrderStatus): boolean => ORDER_TRANSITIONS[from].includes(to);
export const orderCannotMove = (from: OrderStatus, to: OrderStatus): string =>
  from === to ? `The order is already ${to}` : `An order that is ${from} cannot become ${to}`;

/** What an order's history records: a change of its status, of its payment, of its cash confirmation or of its return, and who made it. */
export const orderEventKinds = ['status', 'payment', 'confirmation', 'return'] as const;
export type OrderEventKind = (typeof orderEventKinds)[number];
export const orderEventActors = ['customer', 'admin', 'gateway', 'courier', 'system'] as const;
export type OrderEventActor = (typeof orderEventActors)[number];

export const MAX_ORDER_LINES = 50;
export const MAX_LINE_QUANTITY = 1000;
/** The header that makes a retried order placement (an offline order replayed, a lost answer) return the first order. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const INVALID_COUPON = 'Invalid coupon code';
export const COUPON_EXPIRED = 'This coupon has expired';
export const COUPON_USED_UP = 'This coupon has been used up';
export const COUPON_ALREADY_USED = 'You have already used this coupon';
export const couponBelowMinimum = (minOrder: number) => `This coupon needs items worth at least ${formatTaka(minOrder)}`;
export const totalChanged = (total: number) => `Your total is now ${formatTakaExact(total)}. Please check your order and place it again.`;
export const INVALID_CHECKOUT_PHONE = 'Invalid Bangladeshi phone number';
export const INVALID_REFUND_NUMBER = 'Must be a valid Bangladeshi number (e.g. 01XXXXXXXXX)';

/* ---------- input helpers ---------- */

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const nullToUndefined = (value: unknown) => (value === null ? undefined : value);
/** An optional text input: absent, null or blank all mean "not given". */
const optionalOf = (kind: typeof line, max: number) => z.preprocess((v) => blankToUndefined(nullToUndefined(v)), kind().trim().max(max).optional());
const optionalLine = (max: number) => optionalOf(line, max);
/** A required input: one line (`line`), or several (`text`) for an address's details. */
const required = (kind: typeof line, message: string, max: number) =>
  kind(message)
    .trim()
    .min(1, message)
    .max(max, `${message.replace(/ is required$/, '')} is too long`);

/* ---------- order placement ---------- */

export const deliveryAddressSchema = z.object({
  division: required(line, 'Division is required', 60).transform((name, ctx) => {
    const division = divisionNamed(name);
    if (!division) ctx.addIssue({ code: 'custom', message: `Division must be one of ${DIVISIONS.join(', ')}` });
    return division ?? name;
  }),
  district: required(line, 'District is required', 60),
  city: required(line, 'City/Upazila is required', 80),
  addressDetails: required(text, 'Address is required', 300),
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

/** A count sent as its digits, in either set ('২', '12'), is that number; anything else is checked as it is. */
const countOfDigits = (value: unknown) => (typeof value === 'string' && /^\s*[0-9০-৯]+\s*$/.test(value) ? Number(toAsciiDigits(value.trim())) : value);

/** A cart line as the browser sends it; name, image and subTotal are shown to the shopper but never trusted. */
export const orderItemInputSchema = z.object({
  productId: idSchema,
  /** The variant chosen, for a product with variants; without it, the variant with the line's size and colour. */
  variantId: z.preprocess(nullToUndefined, idSchema.optional()),
  productName: text().max(300).optional(),
  image: text().max(2000).nullish(),
  quantity: z.preprocess(
    countOfDigits,
    z
      .number('Quantity must be a whole number')
      .int('Quantity must be a whole number')
      .min(1, 'Quantity must be at least 1')
      .max(MAX_LINE_QUANTITY, `Quantity can be at most ${MAX_LINE_QUANTITY}`),
  ),
  size: optionalLine(60),
  color: optionalLine(60),
  subTotal: z.number().optional(),
});

export const orderCreateSchema = z.object({
  customerName: required(line, 'Name is required', 100),
  customerEmail: z.preprocess(
    (v) => blankToUndefined(nullToUndefined(v)),
    text('Invalid email').trim().toLowerCase().max(EMAIL_MAX, 'Invalid email').pipe(z.email('Invalid email')).optional(),
  ),
  customerId: idSchema,
  phone: bdPhoneSchema(INVALID_CHECKOUT_PHONE, 'Phone number is required'),
  /** The coupon code, or empty; `cuopon` (sic) is the field's name on the wire. */
  cuopon: optionalLine(40),
  items: z
    .array(orderItemInputSchema, 'No item selected for checkout.')
    .min(1, 'No item selected for checkout.')
    .max(MAX_ORDER_LINES, `An order can have at most ${MAX_ORDER_LINES} lines`),
  totalPrice: z.number().optional(),
  paymentMethod: z.enum(paymentMethods, 'Choose Cash on Delivery, Mobile Banking or Card'),
  paymentNumber: optionalLine(20),
  deliveryFee: z.number().optional(),
  deliveryAddress: deliveryAddressSchema,
});
export type OrderCreateInput = z.input<typeof orderCreateSchema>;
export type OrderCreateData = z.output<typeof orderCreateSchema>;

/** What the checkout asks before placing: the figures for these lines, this coupon and (once chosen) this district. */
export const orderQuoteRequestSchema = z.object({
  items: orderCreateSchema.shape.items,
  cuopon: orderCreateSchema.shape.cuopon,
  district: deliveryAddressSchema.shape.district.optional(),
});
export type OrderQuoteRequest = z.output<typeof orderQuoteRequestSchema>;
export type OrderQuoteRequestInput = z.input<typeof orderQuoteRequestSchema>;

export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8, 'Idempotency-Key must be 8 to 200 characters')
  .max(200, 'Idempotency-Key must be 8 to 200 characters')
  .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII');

/** A customer cancels with one of customerCancelCodes (an admin here, with one of shopCancelCodes). */
export const orderStatusUpdateSchema = z
  .object({ status: z.enum(orderStatuses, 'Unknown order status'), ...cancellationFields(cancelCodes) })
  .superRefine(cancellationRules);
export const orderIdParamsSchema = z.object({ orderId: idSchema });
export const customerIdParamsSchema = z.object({ customerId: idSchema });
/** An online order's payment, by the gateway's transaction id. */
export const tranIdParamsSchema = z.object({ tranId: idSchema });

/* ---------- answers ---------- */

export const orderItemSchema = z.object({
  productId: z.string().nullable(),
  /** The variant bought (its size and colour are the line's); null for a product without variants, or a variant since deleted. */
  variantId: z.string().nullable(),
  productName: z.string(),
  /** The product's Bangla name when bought; null when it had none (a Bangla page shows the English one). */
  productNameBn: z.string().nullable(),
  image: z.string().nullable(),
  quantity: z.number(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  /** Unit price in taka, after the product discount. */
  price: z.number(),
  subTotal: z.number(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/**
 * Taka, as placing the order would charge: each line at its current price, and the sums; the fee and the total are
 * null until a division is given.
 */
export const orderQuoteSchema = z.object({
  items: z.array(orderItemSchema),
  subTotal: z.number(),
  discount: z.number(),
  coupon: z.string().nullable(),
  deliveryFee: z.number().nullable(),
  totalPrice: z.number().nullable(),
});
export type OrderQuote = z.infer<typeof orderQuoteSchema>;

/** The `details` of a `totalChanged` refusal: the order priced as it stands now, its fee and total included. */
export const totalChangedDetailsSchema = z.object({
  quote: orderQuoteSchema.extend({ deliveryFee: z.number(), totalPrice: z.number() }),
});
export type TotalChangedDetails = z.infer<typeof totalChangedDetailsSchema>;

export const orderSchema = z.object({
  _id: z.string(),
  status: z.enum(orderStatuses),
  paymentStatus: z.enum(paymentStatuses),
  paymentMethod: z.enum(paymentMethods),
  /** Why a cancelled order was cancelled: by the customer, by the shop, or its online payment not made in time. */
  cancelReason: z.enum(cancelReasons).nullable(),
  /** The reason the customer picked when they cancelled, and what they wrote; null otherwise (the shop's reasons stay in the back office). */
  cancelCode: z.enum(customerCancelCodes).nullable(),
  cancelNote: z.string().nullable(),
  /** When the order was cancelled (ISO 8601); null while it is not. */
  cancelledAt: z.string().nullable(),
  /** When the order was delivered (ISO 8601); its return window counts from then. Null until it is. */
  deliveredAt: z.string().nullable(),
  /** A cash order's confirmation (cashConfirmations); null when it needs none. */
  cashConfirmation: z.enum(cashConfirmations).nullable(),
  /** Taka: subTotal − discount + deliveryFee, to whole taka (orderTotal). */
  totalPrice: z.number(),
  deliveryFee: z.number(),
  subTotal: z.number(),
  discount: z.number(),
  coupon: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  items: z.array(orderItemSchema),
  deliveryAddress: z.object({ division: z.string(), district: z.string(), city: z.string(), addressDetails: z.string() }),
  phone: z.string(),
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  customerId: z.string().nullable(),
  /** The payment gateway's transaction id; null for cash orders. */
  transaction_id: z.string().nullable(),
  /** The parcel, once the order is booked with a courier (or sent with another, its code typed in); null before. */
  tracking: trackingSchema.nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** Answer of order placement: `url` is the payment page to send the browser to (mobile banking only). */
export const placedOrderSchema = z.object({ order: orderSchema, url: z.string().optional() });
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

/* ---------- refunds ---------- */

export const refundCreateSchema = z.object({
  orderId: idSchema,
  refundMethod: z.enum(refundMethods, 'Choose bKash, Nagad or Rocket'),
  refundNumber: bdPhoneSchema(INVALID_REFUND_NUMBER),
});
export type RefundCreateInput = z.infer<typeof refundCreateSchema>;

/** `reason` is needed to reject (the customer is shown it); `reference` records a refund sent by hand. */
export const refundUpdateSchema = z.object({
  id: idSchema.optional(),
  status: z.enum(refundStatuses, 'Unknown refund status'),
  reason: optionalOf(text, 500),
  reference: optionalLine(100),
});

export const refundSchema = z.object({
  _id: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  orderId: z.object({ _id: z.string(), transaction_id: z.string().nullable(), totalPrice: z.number() }),
  refundMethod: z.enum(refundMethods),
  refundNumber: z.string(),
  refundStatus: z.enum(refundStatuses),
  /** Why the shop rejected the request; null unless rejected. */
  rejectReason: z.string().nullable(),
  /** When it was approved or rejected (ISO 8601); null while it waits. */
  settledAt: z.string().nullable(),
  /** How a refunded request was paid: `gateway`, or `manual` (sent by hand to the refund number); null until then. */
  payout: z.enum(refundPayouts).nullable(),
  /** The transaction id of a refund sent by hand, so the customer can find it in their bKash, Nagad or Rocket account. */
  manualReference: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

/* ---------- totals ---------- */

/**
 * A line of an order's sums, in the order they are read: each amount is what it adds to the total (a discount is
 * negative). `kind` names it for a label in the reader's language; `label` is the English one.
 */
export type TotalsLine = { kind: 'subtotal' | 'discount' | 'delivery' | 'rounding' | 'total'; label: string; amount: number; coupon?: string; total?: true };

/** Subtotal, the coupon's discount, delivery, the rounding to whole taka (when there is one) and the total: they add up. */
export function orderTotalsLines(order: Pick<Order, 'subTotal' | 'discount' | 'coupon' | 'deliveryFee' | 'totalPrice'>): TotalsLine[] {
  const lines: TotalsLine[] = [{ kind: 'subtotal', label: 'Subtotal', amount: order.subTotal }];
  if (order.discount > 0) {
    lines.push(
      order.coupon
        ? { kind: 'discount', label: `Discount (${order.coupon})`, amount: -order.discount, coupon: order.coupon }
        : { kind: 'discount', label: 'Discount', amount: -order.discount },
    );
  }
  lines.push({ kind: 'delivery', label: 'Delivery Fee', amount: order.deliveryFee });
  const rounding = roundingOf(order);
  if (rounding !== 0) lines.push({ kind: 'rounding', label: 'Rounding', amount: rounding });
  lines.push({ kind: 'total', label: 'Total', amount: order.totalPrice, total: true });
  return lines;
}
