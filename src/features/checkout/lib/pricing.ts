import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { linesTotal } from '@contract/money';
import type { OrderQuote, OrderQuoteRequestInput, TotalChangedDetails } from '@contract/orders';
import { ApiError } from '@/lib/api';
import { lineKey } from '@/lib/cart';
import { checkoutQuoteKey, quoteOrder } from '../api';
import type { CheckoutLine } from './payload';
import type { AppliedCoupon } from './totals';

/** A line whose unit price is not the one the shopper had when they came to checkout. */
export type PriceChange = { key: string; productName: string; before: number; after: number };

/** The order as the server priced it when it refused the total the shopper was shown, for one district. */
export type AgreedQuote = { quote: TotalChangedDetails['quote']; district: string };

export type CheckoutPricing = {
  /** The lines at the server's prices where it has told them, else as they came. */
  lines: CheckoutLine[];
  subtotal: number;
  /** The coupon in force with the server's discount on these lines' current prices. */
  coupon: AppliedCoupon | null;
  /** The refused order's figures while the district is the one it was priced for: its fee and total are the ones to show. */
  agreed: TotalChangedDetails['quote'] | null;
  /** The server's delivery fee and total for the district chosen, once it has answered for it (null offline or before). */
  delivered: { fee: number; total: number } | null;
  changes: PriceChange[];
};

/** The quote request of these lines, this coupon code and (once chosen) this district. */
export function quoteRequestOf(items: readonly CheckoutLine[], coupon: string, district?: string): OrderQuoteRequestInput {
  return {
    items: items.map(({ productId, quantity, size, color }) => ({ productId, quantity, ...(size ? { size } : {}), ...(color ? { color } : {}) })),
    cuopon: coupon,
    ...(district ? { district } : {}),
  };
}

/** The order priced now that a `totalChanged` refusal carries, if it is one. */
export function quoteOfRefusal(error: unknown): TotalChangedDetails['quote'] | null {
  if (!(error instanceof ApiError) || error.code !== 'totalChanged') return null;
  const quote = (error.details as Partial<TotalChangedDetails> | undefined)?.quote;
  return quote && Array.isArray(quote.items) && typeof quote.totalPrice === 'number' && typeof quote.deliveryFee === 'number' ? quote : null;
}

/** `items` at the prices of `quote` (line by line: the server answers the lines in the order they were sent). */
function atQuotedPrices(items: readonly CheckoutLine[], quote: Pick<OrderQuote, 'items'>): CheckoutLine[] {
  // A server of an older build answers without lines: the lines stay as they came.
  if (!Array.isArray(quote.items) || quote.items.length !== items.length) return [...items];
  return items.map((item, index) => {
    const priced = quote.items[index]!;
    return priced.productId === item.productId ? { ...item, productName: priced.productName, price: priced.price } : item;
  });
}

/** Lines whose unit price differs between `before` and `after` (the same lines, in the same order). */
export function priceChanges(before: readonly CheckoutLine[], after: readonly CheckoutLine[]): PriceChange[] {
  return after.flatMap((line, index) => {
    const was = before[index]?.price;
    return was !== undefined && was !== line.price ? [{ key: lineKey(line), productName: line.productName, before: was, after: line.price }] : [];
  });
}

/**
 * The checkout's lines priced by the server: asked each time the page opens (online; offline the lines are shown as
 * they came), with the applied coupon's discount on the current prices and, once a district is chosen, the delivery fee
 * the order will be charged. After a refused total the refusal's figures stand until the shopper changes the district or
 * the coupon.
 */
export function useCheckoutPricing(
  userId: string | undefined,
  items: readonly CheckoutLine[],
  applied: AppliedCoupon | null,
  district: string | undefined,
  agreed: AgreedQuote | null,
): CheckoutPricing {
  const request = quoteRequestOf(items, applied?.code ?? '', district);
  const quote = useQuery({
    queryKey: checkoutQuoteKey(userId ?? '', request),
    queryFn: () => quoteOrder(request),
    enabled: userId !== undefined,
    refetchOnMount: 'always',
    retry: false,
    placeholderData: keepPreviousData,
  });
  const agreedNow = agreed && agreed.district === district && (agreed.quote.coupon ?? '') === (applied?.code ?? '') ? agreed.quote : null;
  const priced = agreedNow ?? quote.data;
  const lines = priced ? atQuotedPrices(items, priced) : [...items];
  const coupon = applied && priced?.coupon ? { code: priced.coupon, discount: priced.discount } : applied;
  // A quote kept from the district before is not this district's fee.
  const answered = quote.data && !quote.isPlaceholderData && district ? quote.data : null;
  const delivered =
    answered && answered.deliveryFee !== null && answered.totalPrice !== null ? { fee: answered.deliveryFee, total: answered.totalPrice } : null;
  return { lines, subtotal: linesTotal(lines), coupon, agreed: agreedNow, delivered, changes: priceChanges(items, lines) };
}
