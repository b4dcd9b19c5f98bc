import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { productCreateSchema } from '@contract/catalogue';
import { couponCreateSchema } from '@contract/coupons';
import { deliveryZonesSchema } from '@contract/delivery';
import {
  COUPON_ALREADY_USED,
  COUPON_EXPIRED,
  COUPON_USED_UP,
  INVALID_COUPON,
  couponBelowMinimum,
  deliveryAddressSchema,
  orderStatusUpdateSchema,
  totalChanged,
} from '@contract/orders';
import { CITY_NOT_IN_DISTRICT, DISTRICT_NOT_IN_DIVISION, DISTRICT_UNKNOWN } from '@contract/places';
import { returnCreateSchema } from '@contract/returns';
import bangla from '@/messages/validation/bn';
import english from '@/messages/validation/en';
import { localizeValidation } from './validation';

// The browser's own reports (client-events.ts) are checked for the server's sake: no shopper ever reads their messages.
const modules = import.meta.glob<Record<string, unknown>>(['../../contract/*.ts', '!../../contract/*.test.ts', '!../../contract/client-events.ts'], {
  eager: true,
});
const sources = import.meta.glob<string>(['../../contract/*.ts', '!../../contract/*.test.ts', '!../../contract/client-events.ts'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

type Definition = Record<string, unknown> & { error?: (issue: object) => unknown; checks?: { _zod: { def: Definition } }[] };

/**
 * Every message a schema declares: the walk reads each schema's definition (its own error, its checks' errors, and
 * the schemas inside it), so a message added to the contract anywhere is found without naming it here.
 */
function declaredMessages(): Set<string> {
  const messages = new Set<string>();
  const seen = new WeakSet<object>();
  const note = (error: Definition['error']) => {
    const message: unknown = error?.({});
    if (typeof message === 'string') messages.add(message);
    else if (message && typeof message === 'object' && 'message' in message && typeof message.message === 'string') messages.add(message.message);
  };
  const walk = (value: unknown) => {
    if (!value || typeof value !== 'object' || !('_zod' in value) || seen.has(value)) return;
    seen.add(value);
    const def = (value as { _zod: { def: Definition } })._zod.def;
    note(def.error);
    for (const check of def.checks ?? []) note(check._zod.def.error);
    for (const key of ['element', 'innerType', 'in', 'out', 'left', 'right', 'keyType', 'valueType', 'rest']) walk(def[key]);
    for (const inner of Object.values((def.shape as object | undefined) ?? {})) walk(inner);
    for (const inner of [...((def.options as unknown[] | undefined) ?? []), ...((def.items as unknown[] | undefined) ?? [])]) walk(inner);
    if (typeof def.getter === 'function') walk(def.getter());
  };
  for (const module of Object.values(modules)) Object.values(module).forEach(walk);
  return messages;
}

/** Messages raised inside transforms and refinements (`ctx.addIssue`), which no definition holds: each made here. */
function raisedMessages(): string[] {
  const firstMessage = (result: z.ZodSafeParseResult<unknown>) => result.error?.issues.map((issue) => issue.message) ?? [];
  return [
    ...firstMessage(deliveryAddressSchema.safeParse({ division: 'Atlantis', district: 'x', city: 'x', addressDetails: 'x' })),
    ...firstMessage(couponCreateSchema.safeParse({ code: 'SAVE20', kind: 'percent', value: 150, validFrom: '2026-02-01', validTo: '2026-01-01' })),
    // A variant's own problem, then one between variants: each names its row.
    ...firstMessage(productCreateSchema.safeParse({ ...PRODUCT, variants: [{ sku: 'A 1', size: 'M', originalPrice: 5 }] })),
    ...firstMessage(
      productCreateSchema.safeParse({
        ...PRODUCT,
        variants: [
          { sku: 'A-1', size: 'M', originalPrice: 5 },
          { sku: 'a-1', size: 'L', originalPrice: 5 },
        ],
      }),
    ),
    // A zone named twice, and a district in two zones.
    ...firstMessage(deliveryZonesSchema.safeParse({ zones: [ZONE, { ...ZONE, name: 'dhaka city' }], otherDistricts: { fee: 1, freeFrom: null } })),
    // A reason with another status, and `other` without words.
    ...firstMessage(orderStatusUpdateSchema.safeParse({ status: 'processing', reason: 'found-cheaper' })),
    ...firstMessage(orderStatusUpdateSchema.safeParse({ status: 'cancelled', reason: 'other' })),
    // A return's `other` without words, a line chosen twice, and a refund method without its number.
    ...firstMessage(
      returnCreateSchema.safeParse({
        orderId: '0123456789abcdef01234567',
        lines: [
          { line: 0, quantity: 1 },
          { line: 0, quantity: 1 },
        ],
        reason: 'other',
        refundMethod: 'bkash',
      }),
    ),
  ];
}
const PRODUCT = { name: 'Shirt', originalPrice: 500, category: 'Fashion' };
const ZONE = { name: 'Dhaka city', districts: ['Dhaka'], fee: 60, freeFrom: null };
const RAISED_IN_CODE = 12;

/** What the server refuses a checkout's coupon, total or address with: shown under the coupon field and in toasts. */
const SERVER_REFUSALS = [
  INVALID_COUPON,
  COUPON_EXPIRED,
  COUPON_USED_UP,
  COUPON_ALREADY_USED,
  couponBelowMinimum(500),
  totalChanged(1234.5),
  DISTRICT_NOT_IN_DIVISION,
  CITY_NOT_IN_DISTRICT,
  DISTRICT_UNKNOWN,
];

const englishTexts = new Set(Object.values(english).map((message) => (typeof message === 'string' ? message : null)));

describe('validation messages in Bangla', () => {
  it('finds the messages raised in code, and every place that raises one', () => {
    const raised = raisedMessages();
    expect(raised).toHaveLength(RAISED_IN_CODE);
    const addIssues = Object.values(sources).reduce((count, source) => count + (source.match(/\.addIssue\(/g)?.length ?? 0), 0);
    // A new ctx.addIssue in the contract: make its message in raisedMessages() and count it here.
    expect(addIssues).toBe(RAISED_IN_CODE);
  });

  it('has a Bangla text for every message the contract can give', () => {
    const declared = declaredMessages();
    expect(declared.size).toBeGreaterThan(150);
    const missing = [...declared].filter((message) => !englishTexts.has(message));
    expect(missing, 'contract messages without a key in src/messages/validation').toEqual([]);
    for (const message of [...declared, ...raisedMessages(), ...SERVER_REFUSALS]) {
      expect(localizeValidation(message, english, bangla, 'bn'), message).toMatch(/[\u0980-\u09ff]/);
    }
  });

  it('shows a contract message in Bangla and keeps English as it is', () => {
    expect(localizeValidation('Invalid Bangladeshi phone number', english, bangla, 'bn')).toBe('বাংলাদেশি ফোন নম্বরটি সঠিক নয়');
    expect(localizeValidation('Invalid Bangladeshi phone number', english, english, 'en')).toBe('Invalid Bangladeshi phone number');
  });

  it('carries a value inside a message over in Bangla digits', () => {
    expect(localizeValidation(couponBelowMinimum(1500), english, bangla, 'bn')).toBe('এই কুপনের জন্য কমপক্ষে ৳১,৫০০-এর পণ্য কিনতে হবে');
  });

  it('leaves a message it does not know in English', () => {
    expect(localizeValidation('Something unforeseen', english, bangla, 'bn')).toBe('Something unforeseen');
    expect(localizeValidation('Variant 2: Something unforeseen', english, bangla, 'bn')).toBe('Variant 2: Something unforeseen');
  });

  it("names a variant's row in Bangla and says its problem in Bangla", () => {
    expect(localizeValidation('Variant 12: Price must be more than 0', english, bangla, 'bn')).toBe('ভ্যারিয়েন্ট ১২: দাম ০-এর বেশি হতে হবে');
  });
});
