import { lineTotal } from '@contract/money';
import { CART_EVENT, CART_KEY } from './storage-keys';

/**
 * The cart's lines and how one is added, with nothing of the app around them: the app's cart (cart.ts) and a rendered
 * product page's Add to Cart tapped before the app has started (cart-tap.ts) add through the same rule.
 */

/** One cart line, as localStorage `cart` stores it. */
export type CartItem = {
  productId: string;
  productName: string;
  productCategory: string;
  /** Unit price after the discount, in taka. */
  price: number;
  quantity: number;
  subTotal: number;
  maxStock: number;
  image: string;
  /** The variant chosen, for a product with variants (its size and colour are the line's). */
  variantId?: string;
  color?: string;
  size?: string;
  OwnerId: string;
  OwnerName: string;
};

export type AddResult = { kind: 'added' } | { kind: 'updated' } | { kind: 'capped'; available: number };

/** A line is one product, or one variant of it, in one colour and one size. */
export function lineKey(item: Pick<CartItem, 'productId' | 'variantId' | 'color' | 'size'>): string {
  return JSON.stringify([item.productId, item.variantId ?? '', item.color ?? '', item.size ?? '']);
}

/** Stock of a line: missing or nonsensical stock counts as 1 so a line can always hold one unit. */
export function stockOf(item: Pick<CartItem, 'maxStock'>): number {
  return Number.isFinite(item.maxStock) && item.maxStock >= 1 ? Math.floor(item.maxStock) : 1;
}

function isCartItem(value: unknown): value is CartItem {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  // Carts saved before variants have no variantId: they stay valid lines, and the server finds the variant by the
  // line's size and colour.
  return (
    typeof v.productId === 'string' &&
    typeof v.price === 'number' &&
    typeof v.quantity === 'number' &&
    (v.variantId === undefined || typeof v.variantId === 'string')
  );
}

/** The lines stored under `raw`; a missing, unreadable or malformed value is an empty cart. */
export function parseCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isCartItem) : [];
  } catch {
    // Corrupt storage: start from an empty cart rather than failing every screen that shows it.
    return [];
  }
}

/** Tells every listener in this tab (navigation badge, cart view) that the stored cart changed. */
export function notifyCartChanged(): void {
  window.dispatchEvent(new Event(CART_EVENT));
}

/** Writes the cart and tells every listener. */
export function saveCart(items: CartItem[]): void {
  localStorage.setItem(CART_KEY, JSON.stringify(items));
  notifyCartChanged();
}

/**
 * `items` with `item` added, or merged into the line with the same product, colour and size; the quantity never
 * passes the stock. `capped` says the stock stopped it, with how many are available.
 */
export function withLineAdded(items: readonly CartItem[], item: CartItem): { items: CartItem[]; result: AddResult } {
  const key = lineKey(item);
  const index = items.findIndex((line) => lineKey(line) === key);
  const current = items[index];
  const maxStock = stockOf(item);
  const wanted = Math.max(1, Math.floor(item.quantity) || 1);
  if (!current) {
    const quantity = Math.min(wanted, maxStock);
    return {
      items: [...items, { ...item, maxStock, quantity, subTotal: lineTotal(item.price, quantity) }],
      result: quantity < wanted ? { kind: 'capped', available: maxStock } : { kind: 'added' },
    };
  }
  const total = current.quantity + wanted;
  const quantity = Math.min(total, maxStock);
  const next = items.slice();
  next[index] = { ...current, ...item, maxStock, quantity, subTotal: lineTotal(item.price, quantity) };
  return { items: next, result: quantity < total ? { kind: 'capped', available: maxStock } : { kind: 'updated' } };
}
