import { useSyncExternalStore } from 'react';
import type { Product, ProductVariant } from '@contract/catalogue';
import type { Locale } from '@contract/locale';
import { formatCount, lineTotal } from '@contract/money';
import type cartTexts from '@/messages/cart/en';
import { lineKey, notifyCartChanged, parseCart, saveCart, stockOf, withLineAdded, type AddResult, type CartItem } from './cart-lines';
import { notify } from './notify';
import { CART_EVENT, CART_KEY } from './storage-keys';

export type { AddResult, CartItem } from './cart-lines';
export { lineKey, saveCart } from './cart-lines';

const EMPTY: CartItem[] = [];

/*
 * The parsed cart is cached by the raw text it came from: useSyncExternalStore needs the same array
 * for the same storage, and parsing on every render would be wasted work.
 */
let cachedRaw: string | null | undefined;
let cachedItems: CartItem[] = EMPTY;

/** The saved cart; a missing, unreadable or malformed value reads as an empty cart. */
export function readCart(): CartItem[] {
  let raw: string | null;
  try {
    raw = localStorage.getItem(CART_KEY);
  } catch {
    return EMPTY;
  }
  if (raw === cachedRaw) return cachedItems;
  cachedRaw = raw;
  const parsed = parseCart(raw);
  cachedItems = parsed.length > 0 ? parsed : EMPTY;
  return cachedItems;
}

/** Removes the saved cart and tells every listener. */
export function clearCart(): void {
  localStorage.removeItem(CART_KEY);
  notifyCartChanged();
}

/**
 * Adds a line, or merges it into the line with the same product, colour and size; the quantity never
 * passes the stock. `capped` says the stock stopped it, with how many are available.
 */
export function addToCart(item: CartItem): AddResult {
  const { items, result } = withLineAdded(readCart(), item);
  saveCart(items);
  return result;
}

/** Sets a line's quantity, kept between 1 and its stock. */
export function setQuantity(key: string, quantity: number): void {
  const items = readCart();
  if (!items.some((line) => lineKey(line) === key)) return;
  saveCart(
    items.map((line) => {
      if (lineKey(line) !== key) return line;
      const next = Math.min(Math.max(1, Math.floor(quantity) || 1), stockOf(line));
      return { ...line, quantity: next, subTotal: lineTotal(line.price, next) };
    }),
  );
}

/**
 * Takes these lines (same product, colour and size) out of the cart as it is now, so a line added meanwhile, in this
 * tab or another, stays. An emptied cart is removed, as a cleared one is.
 */
export function removeLines(lines: readonly Pick<CartItem, 'productId' | 'variantId' | 'color' | 'size'>[]): void {
  const taken = new Set(lines.map(lineKey));
  const items = readCart();
  const kept = items.filter((line) => !taken.has(lineKey(line)));
  if (kept.length === items.length) return;
  if (kept.length === 0) clearCart();
  else saveCart(kept);
}

/** Number of units in the cart (what the navigation badge shows). */
export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((sum, line) => sum + line.quantity, 0);
}

function subscribe(onChange: () => void): () => void {
  // `storage` keeps other tabs in step; `cartUpdated` covers this tab, where `storage` does not fire.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_KEY || event.key === null) onChange();
  };
  window.addEventListener(CART_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CART_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The cart, re-rendering on every save, clear, or change in another tab. */
export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribe, readCart, () => EMPTY);
}

/** The product fields a cart line is built from; a full Product fits. */
export type CartProduct = Pick<Product, '_id' | 'productName' | 'productCategory' | 'productPrice' | 'remainingProducts' | 'productImages' | 'OwnerId'>;

/**
 * A cart line for a product, or the variant of it chosen: unit price after the discount, stock as the cap (the
 * variant's own), the owner when known — else the shopper's own id.
 */
export function cartItemFromProduct(
  product: CartProduct,
  choice: { quantity: number; color?: string; size?: string; variant?: ProductVariant },
  shopperId = '',
): CartItem {
  const { variant } = choice;
  const price = variant ? variant.price : product.productPrice;
  const stock = variant ? variant.remainingProducts : product.remainingProducts;
  const color = variant ? variant.color : choice.color;
  const size = variant ? variant.size : choice.size;
  return {
    productId: product._id,
    productName: product.productName,
    productCategory: product.productCategory?.categoryName || 'Unknown Category',
    price,
    quantity: choice.quantity,
    subTotal: lineTotal(price, choice.quantity),
    maxStock: stock > 0 ? stock : 1,
    image: product.productImages[0] ?? '',
    ...(variant ? { variantId: variant._id } : {}),
    ...(color ? { color } : {}),
    ...(size ? { size } : {}),
    OwnerId: product.OwnerId?._id || shopperId,
    OwnerName: product.OwnerId?.name ?? 'Unknown Seller',
  };
}

/** The toasts' texts: the cart namespace's (`useMessages(cartText)`), which every page that adds to the cart shows. */
export type CartToasts = Pick<typeof cartTexts, 'added' | 'updated' | 'capped'>;

/** The toast for an add to the cart, the same wherever the shopper adds from, in the language on screen. */
export function notifyCartResult(result: AddResult, text: CartToasts, locale: Locale): void {
  if (result.kind === 'capped') notify.error(text.capped(result.available, formatCount(result.available, locale)));
  else notify.success(result.kind === 'added' ? text.added : text.updated);
}
