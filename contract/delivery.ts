import { z } from 'zod';
import { numberOfText } from './locale';
import { isWholePoisha } from './money';

/**
 * The delivery fee: orders delivered in the Dhaka division pay the inside-Dhaka fee, every other division the
 * outside fee. On the wire (`GET /shipping-fee/get`, `POST /shipping-fee/add`) the two are `shippingFee` and
 * `shippingFeeOutside`, the names the API has always used.
 */
const INSIDE_DHAKA_DIVISION = 'dhaka';

/** The 8 divisions in the order and spelling the shop uses; an order is delivered to one of them, or refused. */
export const DIVISIONS = ['Dhaka', 'Chittagong', 'Rajshahi', 'Khulna', 'Barisal', 'Sylhet', 'Rangpur', 'Mymensingh'] as const;
export type Division = (typeof DIVISIONS)[number];

/** Other spellings of the same divisions, as addresses and older forms write them. */
const DIVISION_ALIASES: Record<string, Division> = { chattogram: 'Chittagong', barishal: 'Barisal' };

/** The shop's spelling of a division, in any case or official spelling; null for a place that is not a division. */
export function divisionNamed(name: string): Division | null {
  const key = name.trim().toLowerCase();
  return DIVISIONS.find((division) => division.toLowerCase() === key) ?? DIVISION_ALIASES[key] ?? null;
}

/** Taka with at most two decimals, not negative. */
const feeAmount = (label: string) =>
  z
    .number(`${label} must be a number`)
    .finite(`${label} must be a number`)
    .min(0, `${label} cannot be negative`)
    .max(1_000_000, `${label} is too large`)
    .refine(isWholePoisha, `${label} can have at most two decimals`);

export const deliveryFeesSchema = z.object({
  shippingFee: feeAmount('Delivery fee inside Dhaka'),
  shippingFeeOutside: feeAmount('Delivery fee outside Dhaka'),
});
/** `POST /shipping-fee/add`: the fees as numbers, or as their text in either digit set (the back office's inputs). */
export const deliveryFeesInputSchema = z.object({
  shippingFee: z.preprocess(numberOfText, deliveryFeesSchema.shape.shippingFee),
  shippingFeeOutside: z.preprocess(numberOfText, deliveryFeesSchema.shape.shippingFeeOutside),
});
export type DeliveryFees = z.infer<typeof deliveryFeesSchema>;

/** The fee for a division. A fee not known yet, or not a finite number, counts as 0. */
export function deliveryFee(division: string, fees: Partial<DeliveryFees> | null | undefined): number {
  const fee = division.trim().toLowerCase() === INSIDE_DHAKA_DIVISION ? fees?.shippingFee : fees?.shippingFeeOutside;
  return typeof fee === 'number' && Number.isFinite(fee) ? fee : 0;
}
