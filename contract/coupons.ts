import { z } from 'zod';
import { numberOfText } from './locale';
import { isWholePoisha } from './money';
import { pageOf, pageQueryFields } from './pages';
import { text } from './text';

/** Coupons as the back office manages them: `/api/coupons`, admins only. */

export const couponKinds = ['percent', 'fixed'] as const;
export type CouponKind = (typeof couponKinds)[number];

export const COUPON_CODE_MAX = 40;
/** Bangladesh keeps one offset all year, so a day in the shop's calendar is a fixed span of UTC. */
export const SHOP_UTC_OFFSET = '+06:00';
export const COUPON_LIMIT_MAX = 1_000_000;
const AMOUNT_MAX = 10_000_000;
export const COUPONS_PAGE_SIZE = 20;
export const COUPONS_PAGE_MAX = 100;

export const couponCodeTaken = (code: string) => `A coupon with the code ${code} already exists`;
export const PERCENT_OVER_100 = 'A percent discount must be at most 100';
export const VALID_TO_BEFORE_FROM = 'The end date must not be before the start date';
export const usageLimitBelowUses = (used: number) => `The total limit cannot be below the ${used} uses so far`;

/* ---------- answers ---------- */

export const couponSchema = z.object({
  _id: z.string(),
  /** As the admin typed it; shoppers may type it in any case. */
  code: z.string(),
  kind: z.enum(couponKinds),
  /** Percent off the items, or taka off the items. */
  value: z.number(),
  /** The items' total (before delivery) an order needs, in taka; null: any order. */
  minOrder: z.number().nullable(),
  /** ISO 8601; null: from the start / without end. */
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  /** Uses in all; null: unlimited. */
  usageLimit: z.number().nullable(),
  /** Orders one customer may place with it (cancelled ones do not count); null: unlimited. */
  perCustomerLimit: z.number().nullable(),
  /** Orders placed with it so far, cancelled ones given back. */
  usedCount: z.number(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponListSchema = pageOf(couponSchema);
export type CouponList = z.infer<typeof couponListSchema>;

/* ---------- requests ---------- */

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * A date (`2026-12-31`, a whole day in the shop's calendar: from its first moment for a start, to its last for an
 * end) or an ISO 8601 date-time with its offset. Null or an empty text clears it.
 */
function couponDate(label: string, edge: 'start' | 'end') {
  const message = `${label} must be a date (YYYY-MM-DD) or an ISO 8601 date-time with its offset`;
  return z.preprocess(
    (value) => (value === '' ? null : value),
    text(message)
      .max(40, message)
      .refine((value) => DATE_ONLY.test(value) || DATE_TIME.test(value), message)
      .transform((value) => (DATE_ONLY.test(value) ? `${value}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}${SHOP_UTC_OFFSET}` : value))
      .refine((value) => !Number.isNaN(Date.parse(value)), message)
      .transform((value) => new Date(value).toISOString())
      .nullable(),
  );
}

/** Amounts and limits are numbers, or their text in either digit set (a form's input). */
const amount = (label: string) =>
  z.preprocess(
    numberOfText,
    z
      .number(`${label} must be a number`)
      .finite(`${label} must be a number`)
      .positive(`${label} must be more than 0`)
      .max(AMOUNT_MAX, `${label} must be at most ${AMOUNT_MAX.toLocaleString('en-US')}`)
      .refine(isWholePoisha, `${label} can have at most two decimals`),
  );

const limit = (label: string) =>
  z
    .preprocess(
      numberOfText,
      z
        .number(`${label} must be a whole number`)
        .int(`${label} must be a whole number`)
        .min(1, `${label} must be at least 1`)
        .max(COUPON_LIMIT_MAX, `${label} must be at most ${COUPON_LIMIT_MAX.toLocaleString('en-US')}`),
    )
    .nullable();

const couponFields = {
  code: text('Code is required')
    .trim()
    .min(3, 'Code must be at least 3 characters')
    .max(COUPON_CODE_MAX, `Code must be at most ${COUPON_CODE_MAX} characters`)
    .regex(/^[A-Za-z0-9_-]+$/, 'Code can have only letters, digits, - and _'),
  kind: z.enum(couponKinds, { error: 'Kind must be percent or fixed' }),
  value: amount('Value'),
  minOrder: amount('Minimum order').nullable(),
  validFrom: couponDate('Start', 'start'),
  validTo: couponDate('End', 'end'),
  usageLimit: limit('Total limit'),
  perCustomerLimit: limit('Per-customer limit'),
};

type Terms = { kind?: CouponKind; value?: number; validFrom?: string | null; validTo?: string | null };

/** The rules across fields, for whichever of them a request carries. */
function checkTerms(terms: Terms, ctx: z.RefinementCtx): void {
  if (terms.kind === 'percent' && terms.value !== undefined && terms.value > 100) ctx.addIssue({ code: 'custom', path: ['value'], message: PERCENT_OVER_100 });
  if (terms.validFrom && terms.validTo && terms.validTo < terms.validFrom) ctx.addIssue({ code: 'custom', path: ['validTo'], message: VALID_TO_BEFORE_FROM });
}

/** `POST /api/coupons`; the back office's coupon form validates with it too. Absent limits and dates mean none. */
export const couponCreateSchema = z
  .object({
    code: couponFields.code,
    kind: couponFields.kind,
    value: couponFields.value,
    minOrder: couponFields.minOrder.optional().transform((v) => v ?? null),
    validFrom: couponFields.validFrom.optional().transform((v) => v ?? null),
    validTo: couponFields.validTo.optional().transform((v) => v ?? null),
    usageLimit: couponFields.usageLimit.optional().transform((v) => v ?? null),
    perCustomerLimit: couponFields.perCustomerLimit.optional().transform((v) => v ?? null),
  })
  .superRefine(checkTerms);
export type CouponCreateInput = z.output<typeof couponCreateSchema>;

/** `PUT /api/coupons/{id}`: only the fields given change; null clears a limit, the minimum or a date. */
export const couponUpdateSchema = z
  .object({
    code: couponFields.code.optional(),
    kind: couponFields.kind.optional(),
    value: couponFields.value.optional(),
    minOrder: couponFields.minOrder.optional(),
    validFrom: couponFields.validFrom.optional(),
    validTo: couponFields.validTo.optional(),
    usageLimit: couponFields.usageLimit.optional(),
    perCustomerLimit: couponFields.perCustomerLimit.optional(),
  })
  .superRefine(checkTerms);
export type CouponUpdateInput = z.output<typeof couponUpdateSchema>;

/** `GET /api/coupons`: newest first; `search` finds codes containing it, in any case. */
export const couponListQuerySchema = z.object({
  ...pageQueryFields(COUPONS_PAGE_SIZE, COUPONS_PAGE_MAX),
  search: text().trim().max(COUPON_CODE_MAX, `search must be at most ${COUPON_CODE_MAX} characters`).optional(),
});
export type CouponListQuery = z.output<typeof couponListQuerySchema>;
