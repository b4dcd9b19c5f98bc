import { numberOfText } from '@contract/locale';
import {
  couponCodeTaken,
  SHOP_UTC_OFFSET,
  usageLimitBelowUses,
  type Coupon,
  type CouponCreateInput,
  type CouponKind,
  type CouponUpdateInput,
} from '@contract/coupons';

/** The coupon form as its inputs hold it: dates as `YYYY-MM-DD` ('' for none), empty optional numbers as null. */
export type CouponFormValues = {
  code: string;
  kind: CouponKind;
  value: number;
  minOrder: number | null;
  validFrom: string;
  validTo: string;
  usageLimit: number | null;
  perCustomerLimit: number | null;
};

export const COUPON_FIELDS = ['code', 'kind', 'value', 'minOrder', 'validFrom', 'validTo', 'usageLimit', 'perCustomerLimit'] as const;
export type CouponField = (typeof COUPON_FIELDS)[number];

const SHOP_OFFSET_MS = (Number(SHOP_UTC_OFFSET.slice(1, 3)) * 60 + Number(SHOP_UTC_OFFSET.slice(4, 6))) * 60_000 * (SHOP_UTC_OFFSET.startsWith('-') ? -1 : 1);

/** The day in the shop's calendar (Bangladesh) an ISO moment falls on, as a date input holds it; '' for none. */
export function shopDay(iso: string | null): string {
  if (iso === null) return '';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : new Date(time + SHOP_OFFSET_MS).toISOString().slice(0, 10);
}

/** What the form starts with: the coupon's terms, or an empty percent coupon. */
export function couponFormDefaults(coupon?: Coupon): Partial<CouponFormValues> {
  if (!coupon) return { code: '', kind: 'percent', minOrder: null, validFrom: '', validTo: '', usageLimit: null, perCustomerLimit: null };
  return {
    code: coupon.code,
    kind: coupon.kind,
    value: coupon.value,
    minOrder: coupon.minOrder,
    validFrom: shopDay(coupon.validFrom),
    validTo: shopDay(coupon.validTo),
    usageLimit: coupon.usageLimit,
    perCustomerLimit: coupon.perCustomerLimit,
  };
}

/**
 * An empty number input is null (no limit, no minimum); react-hook-form's valueAsNumber would make it NaN. Digits may be
 * typed in either set.
 */
export const numberOrNull = (value: unknown): unknown => (value === '' || value === null || value === undefined ? null : numberOfText(value));

/**
 * An edit sends only the fields the admin changed: a date left alone keeps its exact moment, and a limit left alone
 * is not checked again against uses made meanwhile.
 */
export function changedFields(valid: CouponCreateInput, typed: CouponFormValues, before: Partial<CouponFormValues>): CouponUpdateInput {
  const update: Record<string, unknown> = {};
  for (const field of COUPON_FIELDS) if (typed[field] !== before[field]) update[field] = valid[field];
  return update as CouponUpdateInput;
}

/** The field a 409 from the server is about, when it is one the form shows: the code taken, a limit below the uses. */
export function conflictField(message: string, sent: { code?: string }, coupon?: Coupon): CouponField | undefined {
  if (sent.code !== undefined && message === couponCodeTaken(sent.code)) return 'code';
  if (coupon && message === usageLimitBelowUses(coupon.usedCount)) return 'usageLimit';
  return undefined;
}
