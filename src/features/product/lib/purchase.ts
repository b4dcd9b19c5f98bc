import type { Product, ProductVariant } from '@contract/catalogue';
import { cartItemFromProduct, type CartItem } from '@/lib/cart';

/** Buy Now waits this long before going to checkout (the button shows it is working meanwhile). */
export const BUY_NOW_DELAY_MS = 500;

/** A quantity is a whole number from 1 to the stock (1 when the stock is 0, where buying is disabled anyway). */
export function clampQuantity(value: number, stock: number): number {
  const max = Math.max(1, Math.floor(stock));
  if (!Number.isFinite(value)) return 1;
  return Math.min(Math.max(1, Math.floor(value)), max);
}

type Choice = { quantity: number; color?: string; size?: string; variant?: ProductVariant };

/**
 * One cart line for the product (or its variant) as chosen. The owner id falls back to the shopper's own id when the
 * product has no owner.
 */
export function buildCartItem(product: Product, { quantity, color, size, variant }: Choice, userId: string): CartItem {
  const stock = variant ? variant.remainingProducts : product.remainingProducts;
  return cartItemFromProduct(product, { quantity: clampQuantity(quantity, stock), color, size, variant }, userId);
}

/** The history state Buy Now hands to /checkout: the one line and where it came from (the checkout sums its lines). */
export function buyNowState(item: CartItem) {
  return { cartItems: [item], from: 'buy now' as const };
}

/** Clothing sizes from small to large, in the spellings sellers use. */
const CLOTHING_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '2XL', 'XXXL', '3XL', '4XL', '5XL'];

/**
 * A product's sizes in the order a shopper reads them: numbers from small to large (38, 39, 41, 42), clothing sizes
 * from XS to XXL; any other list stays in the seller's order.
 */
export function sizesInOrder(sizes: readonly string[]): string[] {
  const numbers = sizes.map((size) => Number(size.trim()));
  if (sizes.length > 0 && numbers.every((value, i) => sizes[i]!.trim() !== '' && Number.isFinite(value))) {
    return sizes
      .map((size, i) => ({ size, value: numbers[i]! }))
      .sort((a, b) => a.value - b.value)
      .map(({ size }) => size);
  }
  const rank = (size: string) => CLOTHING_SIZES.indexOf(size.trim().toUpperCase());
  if (sizes.every((size) => rank(size) >= 0)) return [...sizes].sort((a, b) => rank(a) - rank(b));
  return [...sizes];
}
