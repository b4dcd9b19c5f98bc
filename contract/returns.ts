import { z } from 'zod';
import { idSchema } from './envelope';
import { toPoisha, toTaka } from './money';
import { paymentMethods, refundMethods, refundPayouts, type PaymentMethod } from './orders';
import { bdPhoneSchema } from './phone';
import { line, text } from './text';

/* ---------- values ---------- */

/** Days after delivery within which an order may be returned, unless the shop sets another number. */
export const RETURN_WINDOW_DAYS = 7;

/** Why a customer sends items back; `other` needs a few words. */
export const returnReasons = ['damaged', 'wrong-item', 'wrong-size', 'not-as-described', 'changed-mind', 'other'] as const;
export type ReturnReason = (typeof returnReasons)[number];
/** The reasons that are the shop's doing: a whole order sent back for one of them is paid back with its delivery fee. */
export const SHOP_FAULT_REASONS: readonly ReturnReason[] = ['damaged', 'wrong-item', 'not-as-described'];

/**
 * A return's steps: asked (`requested`), then `approved` or `rejected` by the shop; an approved one is `received` when
 * the parcel is back (its stock returned), then `refunded` when the money is paid back.
 */
export const returnStatuses = ['requested', 'approved', 'rejected', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

/** How the parcel comes back: collected by the shop's courier, or dropped off at the shop by the customer. */
export const returnPickups = ['courier', 'drop-off'] as const;
export type ReturnPickup = (typeof returnPickups)[number];

/** Orders paid by cash or mobile banking are paid back to a bKash, Nagad or Rocket number the customer gives. */
export const returnNeedsRefundNumber = (method: PaymentMethod): boolean => method !== 'ssl';

export const RETURN_NOTE_MAX = 300;
export const RETURN_REASON_UNKNOWN = 'Choose a reason from the list';
export const RETURN_NOTE_NEEDED = 'Say in a few words why you return it';
export const RETURN_NOTE_TOO_LONG = `The note can be at most ${RETURN_NOTE_MAX} characters`;
export const RETURN_LINES_NEEDED = 'Choose the items you send back';
export const RETURN_LINE_TWICE = 'Each item can be chosen once';
export const RETURN_REFUND_NUMBER_NEEDED = 'Give the bKash, Nagad or Rocket number to pay back to';
export const RETURN_REJECT_REASON = 'Give a reason for the customer';

/* ---------- the refund ---------- */

type ChargedOrder = {
  items: readonly { price: number; quantity: number }[];
  subTotal: number;
  discount: number;
  deliveryFee: number;
  totalPrice: number;
};
export type ReturnedLine = { line: number; quantity: number };

/**
 * What a return pays back, in taka: the returned units at the price paid, less their share of the coupon's discount
 * (in proportion to their value, to the poisha). A return of everything bought pays back the whole charge instead,
 * less the delivery fee unless the reason is the shop's doing (damaged, wrong item, not as described). Never more than
 * the order's total.
 */
export function returnRefundAmount(order: ChargedOrder, lines: readonly ReturnedLine[], reason: ReturnReason): number {
  const returned = new Map(lines.map((entry) => [entry.line, entry.quantity]));
  const everything = order.items.every((item, index) => returned.get(index) === item.quantity);
  if (everything) return SHOP_FAULT_REASONS.includes(reason) ? order.totalPrice : toTaka(toPoisha(order.totalPrice) - toPoisha(order.deliveryFee));
  let goods = 0;
  for (const [index, quantity] of returned) goods += toPoisha(order.items[index]?.price ?? 0) * quantity;
  const subTotal = toPoisha(order.subTotal);
  const share = subTotal > 0 ? Math.round((goods * toPoisha(order.discount)) / subTotal) : 0;
  return toTaka(Math.min(goods - share, toPoisha(order.totalPrice)));
}

/* ---------- requests ---------- */

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value) ?? undefined;

/** The customer's request: which lines (by their place in the order's items) and how many of each, why, and where to pay back. */
export const returnCreateSchema = z
  .object({
    orderId: idSchema,
    lines: z
      .array(
        z.object({
          line: z
            .number('Choose an item of the order')
            .int('Choose an item of the order')
            .min(0, 'Choose an item of the order')
            .max(49, 'Choose an item of the order'),
          quantity: z
            .number('Quantity must be a whole number')
            .int('Quantity must be a whole number')
            .min(1, 'Quantity must be at least 1')
            .max(1000, 'Quantity can be at most 1000'),
        }),
        RETURN_LINES_NEEDED,
      )
      .min(1, RETURN_LINES_NEEDED)
      .max(50, RETURN_LINES_NEEDED),
    reason: z.enum(returnReasons, RETURN_REASON_UNKNOWN),
    note: z.preprocess(blankToUndefined, line().trim().max(RETURN_NOTE_MAX, RETURN_NOTE_TOO_LONG).optional()),
    refundMethod: z.preprocess(blankToUndefined, z.enum(refundMethods, 'Choose bKash, Nagad or Rocket').optional()),
    refundNumber: z.preprocess(blankToUndefined, bdPhoneSchema('Must be a valid Bangladeshi number (e.g. 01XXXXXXXXX)').optional()),
  })
  .superRefine((value, ctx) => {
    if (value.reason === 'other' && !value.note) ctx.addIssue({ code: 'custom', message: RETURN_NOTE_NEEDED, path: ['note'] });
    if (new Set(value.lines.map((entry) => entry.line)).size !== value.lines.length)
      ctx.addIssue({ code: 'custom', message: RETURN_LINE_TWICE, path: ['lines'] });
    if (Boolean(value.refundMethod) !== Boolean(value.refundNumber))
      ctx.addIssue({ code: 'custom', message: RETURN_REFUND_NUMBER_NEEDED, path: ['refundNumber'] });
  });
export type ReturnCreateInput = z.input<typeof returnCreateSchema>;
export type ReturnCreateData = z.output<typeof returnCreateSchema>;

export const returnApproveSchema = z.object({ pickup: z.enum(returnPickups, 'Choose how the parcel comes back') });
export const returnRejectSchema = z.object({
  reason: text(RETURN_REJECT_REASON).trim().min(3, RETURN_REJECT_REASON).max(500, 'The reason can be at most 500 characters'),
});
/** Paying a received return back: through the gateway, or sent by hand with the transfer's id (as a refund request's approval). */
export const returnRefundSchema = z.object({
  payout: z.preprocess(blankToUndefined, z.enum(refundPayouts, 'Choose gateway or manual').optional()),
  reference: z.preprocess(blankToUndefined, text().trim().max(100, 'The transaction id is too long').optional()),
});
export const returnIdParamsSchema = z.object({ id: idSchema });
export const adminReturnQuerySchema = z.object({
  status: z.preprocess(blankToUndefined, z.enum(returnStatuses, 'Unknown return status').default('requested')),
});

/* ---------- answers ---------- */

export const returnLineSchema = z.object({
  /** The line's place in the order's items. */
  line: z.number(),
  productName: z.string(),
  productNameBn: z.string().nullable(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  quantity: z.number(),
});

export const orderReturnSchema = z.object({
  _id: z.string(),
  status: z.enum(returnStatuses),
  reason: z.enum(returnReasons),
  note: z.string().nullable(),
  lines: z.array(returnLineSchema),
  /** Taka the return pays back (returnRefundAmount). */
  amount: z.number(),
  refundMethod: z.enum(refundMethods).nullable(),
  refundNumber: z.string().nullable(),
  /** How the parcel comes back, once approved. */
  pickup: z.enum(returnPickups).nullable(),
  /** Why the shop rejected it; shown to the customer. */
  rejectReason: z.string().nullable(),
  /** How it was paid back, and a transfer's id when sent by hand. */
  payout: z.enum(refundPayouts).nullable(),
  manualReference: z.string().nullable(),
  /** ISO 8601: asked, decided, parcel back, paid back. */
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
});
export type OrderReturn = z.infer<typeof orderReturnSchema>;

export const adminReturnSchema = orderReturnSchema.extend({
  orderId: z.string(),
  customerName: z.string(),
  phone: z.string(),
  paymentMethod: z.enum(paymentMethods),
  /** Whether the money can go back through the payment gateway (the order was paid there). */
  gatewayRefundable: z.boolean(),
  /** The parcel's tracking code with the shop's courier, when it went with one. */
  trackingCode: z.string().nullable(),
});
export type AdminReturn = z.infer<typeof adminReturnSchema>;

/** A customer's return of an order (the order's `orderId`), as My Orders shows it. */
export const customerReturnSchema = orderReturnSchema.extend({ orderId: z.string() });
export type CustomerReturn = z.infer<typeof customerReturnSchema>;
