import { z } from 'zod';
import { idSchema } from './envelope';
import {
  orderEventActors,
  orderEventKinds,
  orderItemSchema,
  orderSchema,
  orderStatuses,
  paymentMethods,
  paymentStatuses,
  refundPayouts,
  refundSchema,
  refundStatuses,
  cancelCodes,
  cancelReasons,
  cancellationFields,
  cancellationRules,
  shopCancelCodes,
} from './orders';
import { pageOf, pageQueryFields } from './pages';
import { text } from './text';

/** How an approved refund is paid; defined beside the refund it describes. */
export { refundPayouts, type RefundPayout } from './orders';

/* ---------- input helpers: query strings arrive as text ---------- */

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** Rows of one page of a back-office list, at most. */
export const BACK_OFFICE_PAGE_MAX = 100;
export const BACK_OFFICE_PAGE_SIZE = 20;
/** Orders one CSV export holds at most; a wider filter is refused with a message to narrow it. */
export const ORDER_EXPORT_MAX = 10_000;
/** Products with this many or fewer left are low on stock. */
export const LOW_STOCK_THRESHOLD = 5;

const { page, limit } = pageQueryFields(BACK_OFFICE_PAGE_SIZE, BACK_OFFICE_PAGE_MAX);

/** A calendar day in Dhaka, `YYYY-MM-DD`. */
const day = (label: string) =>
  text(`${label} must be a date (YYYY-MM-DD)`)
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && value >= '2000-01-01' && value <= '2999-12-31';
    }, `${label} must be a real date (YYYY-MM-DD)`);

/* ---------- the admin's order queue ---------- */

/**
 * `GET /api/admin/orders` and its CSV export. `from` and `to` are days in Dhaka time, both included; `search`
 * matches an order id (its start), a customer's name (any part, any case) or a phone number (any part of its digits).
 */
export const adminOrderQuerySchema = z
  .object({
    status: optional(z.enum(orderStatuses, 'Unknown order status')),
    paymentStatus: optional(z.enum(paymentStatuses, 'Unknown payment status')),
    paymentMethod: optional(z.enum(paymentMethods, 'Unknown payment method')),
    from: optional(day('from')),
    to: optional(day('to')),
    search: optional(text().trim().max(100, 'search must be at most 100 characters')),
    page,
    limit,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type AdminOrderQuery = z.output<typeof adminOrderQuerySchema>;
export type AdminOrderQueryInput = z.input<typeof adminOrderQuerySchema>;

/** A row of the order queue. */
export const adminOrderSummarySchema = z.object({
  _id: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  customerName: z.string(),
  phone: z.string(),
  status: z.enum(orderStatuses),
  paymentStatus: z.enum(paymentStatuses),
  paymentMethod: z.enum(paymentMethods),
  totalPrice: z.number(),
  /** Units in the order, all lines together. */
  itemCount: z.number(),
  /** Where the status may go next (ORDER_TRANSITIONS). */
  nextStatuses: z.array(z.enum(orderStatuses)),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

export const adminOrderPageSchema = pageOf(adminOrderSummarySchema);
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

/* ---------- an order for the admin ---------- */

export const orderEventSchema = z.object({
  _id: z.string(),
  kind: z.enum(orderEventKinds),
  /** The status or payment status before; null when the order was placed. */
  from: z.string().nullable(),
  to: z.string(),
  actor: z.enum(orderEventActors),
  /** The account's name when a person acted (null for the gateway and the shop, or a deleted account). */
  actorName: z.string().nullable(),
  note: z.string().nullable(),
  /** ISO 8601. */
  at: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const orderPaymentSchema = z.object({
  provider: z.enum(['sandbox', 'sslcommerz']),
  tranId: z.string(),
  amount: z.number(),
  status: z.enum(['initiated', 'valid', 'failed', 'cancelled']),
  bankTranId: z.string().nullable(),
  validatedAt: z.string().nullable(),
  /** The gateway's reference of a refund made when the order was cancelled. */
  refundRefId: z.string().nullable(),
  refundedAt: z.string().nullable(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

export const adminOrderDetailSchema = z.object({
  order: orderSchema,
  /** The gateway payment of an online order; null for cash. */
  payment: orderPaymentSchema.nullable(),
  /** The customer's refund request, if they made one. */
  refund: refundSchema.nullable(),
  /** Oldest first. */
  history: z.array(orderEventSchema),
  /** Why a cancelled order was: who (`cancelReason`), the reason picked and the words beside it; null while it is not. */
  cancellation: z
    .object({ by: z.enum(cancelReasons), reason: z.enum(cancelCodes).nullable(), note: z.string().nullable(), at: z.string().nullable() })
    .nullable(),
  nextStatuses: z.array(z.enum(orderStatuses)),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

/* ---------- dashboard ---------- */

/** Orders and revenue of a period: orders paid (online, or cash at delivery) and not cancelled; `placed` counts every order not cancelled. */
const periodSchema = z.object({
  orders: z.number(),
  revenue: z.number(),
  placed: z.number(),
});

export const dashboardSchema = z.object({
  today: periodSchema,
  last7Days: periodSchema,
  last30Days: periodSchema,
  ordersByStatus: z.record(z.enum(orderStatuses), z.number()),
  refundsWaiting: z.number(),
  /** Products without variants, and variants, with LOW_STOCK_THRESHOLD or fewer left, the fewest first. */
  lowStock: z.array(
    z.object({
      /** The product's id. */
      _id: z.string(),
      /** The variant's id, its size and colour; null for a product without variants. */
      variantId: z.string().nullable(),
      size: z.string().nullable(),
      color: z.string().nullable(),
      name: z.string(),
      remaining: z.number(),
      image: z.string().nullable(),
    }),
  ),
  /** The best sellers of the last 30 days among counted orders, by units. */
  topProducts: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      quantity: z.number(),
      revenue: z.number(),
    }),
  ),
  /** One entry per Dhaka day of the last 30, oldest first, days without sales included. */
  revenueByDay: z.array(z.object({ date: z.string(), orders: z.number(), revenue: z.number() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/* ---------- refunds ---------- */

export const adminRefundQuerySchema = z.object({
  status: optional(z.enum(refundStatuses, 'Unknown refund status')).transform((v) => v ?? 'pending'),
  page,
  limit,
});

/** A refund request as the admin settles it: how approving will pay it, and whose order it is. */
export const adminRefundSchema = refundSchema.extend({
  customerName: z.string(),
  phone: z.string(),
  paymentMethod: z.enum(paymentMethods),
  /** Whether approving can pay it back through the payment gateway (the order's payment was settled there). */
  gatewayRefundable: z.boolean(),
  /** The name of the admin who settled it. */
  settledBy: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;
export const adminRefundPageSchema = pageOf(adminRefundSchema);

export const REFUND_REFERENCE_REQUIRED = 'Enter the transaction id of the transfer you sent';
export const NO_GATEWAY_REFUND = 'This payment cannot be paid back through the gateway: send it to the refund number and record the transfer';
/**
 * `payout`: `gateway` (the default when the payment was settled there) pays back through the gateway; `manual`
 * records money the admin sent by hand to the customer's bKash, Nagad or Rocket number, with its transaction id.
 */
export const refundApproveSchema = z.object({
  payout: optional(z.enum(refundPayouts, 'Choose gateway or manual')),
  /** The bKash, Nagad or Rocket TrxID of a refund sent by hand; needed when the payout is manual. */
  reference: z.preprocess(blankToUndefined, text().trim().max(100, 'The transaction id is too long').optional()),
});
export const refundRejectSchema = z.object({
  reason: text('Give a reason for the customer').trim().min(3, 'Give a reason for the customer').max(500, 'The reason can be at most 500 characters'),
});

/* ---------- the seller's orders ---------- */

export const sellerOrderQuerySchema = z.object({
  status: optional(z.enum(orderStatuses, 'Unknown order status')),
  page,
  limit,
});

/** An order holding the seller's products: their lines only, and what delivery needs of the customer (no email). */
export const sellerOrderSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  status: z.enum(orderStatuses),
  paymentMethod: z.enum(paymentMethods),
  paymentStatus: z.enum(paymentStatuses),
  customerName: z.string(),
  phone: z.string(),
  deliveryAddress: orderSchema.shape.deliveryAddress,
  items: z.array(orderItemSchema),
  /** The seller's lines together, in taka, before any coupon on the whole order. */
  itemsTotal: z.number(),
});
export type SellerOrder = z.infer<typeof sellerOrderSchema>;
export const sellerOrderPageSchema = pageOf(sellerOrderSchema);

const sellerPeriodSchema = z.object({
  orders: z.number(),
  revenue: z.number(),
});
/** The seller's lines in orders paid and not cancelled, by the day the order was placed (Dhaka time). */
export const sellerRevenueSchema = z.object({
  today: sellerPeriodSchema,
  last7Days: sellerPeriodSchema,
  last30Days: sellerPeriodSchema,
});
export type SellerRevenue = z.infer<typeof sellerRevenueSchema>;

/** Cancelling takes one of shopCancelCodes (optional for older callers; the back office always asks). */
export const adminOrderStatusSchema = z
  .object({ status: z.enum(orderStatuses, 'Unknown order status'), ...cancellationFields(shopCancelCodes) })
  .superRefine(cancellationRules);

/* ---------- internal notes ---------- */

/** Characters of one note, and notes one order holds at most. */
export const ORDER_NOTE_MAX = 500;
export const ORDER_NOTES_MAX = 50;
export const ORDER_NOTE_REQUIRED = 'Write the note';
export const ORDER_NOTE_TOO_LONG = `A note can be at most ${ORDER_NOTE_MAX} characters`;
export const ORDER_NOTES_FULL = `An order can hold at most ${ORDER_NOTES_MAX} notes`;
export const orderNoteCreateSchema = z.object({
  body: text(ORDER_NOTE_REQUIRED).trim().min(1, ORDER_NOTE_REQUIRED).max(ORDER_NOTE_MAX, ORDER_NOTE_TOO_LONG),
});
/** An admin's note on an order; the back office's alone. */
export const orderNoteSchema = z.object({
  _id: z.string(),
  body: z.string(),
  /** The admin's name; null once their account is deleted. */
  authorName: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type OrderNote = z.infer<typeof orderNoteSchema>;
export const refundIdParamsSchema = z.object({ id: idSchema });
