import { useSyncExternalStore } from 'react';
import type { Product, ProductVariant } from '@contract/catalogue';
import type { Locale } from '@contract/locale';
import { formatCount, lineTotal } from '@contract/money';
import type cartTexts from '@/messages/cart/en';
import { notify } from './notify';
import { CART_EVENT, CART_KEY } from './storage-keys';

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

const EMPTY: CartItem[] = [];

/** A line is one product, or one variant of it, in one colour and one size. */
export function lineKey(item: Pick<CartItem, 'productId' | 'variantId' | 'color' | 'size'>): string {
  return JSON.stringify([item.productId, item.variantId ?? '', item.color ?? '', item.size ?? '']);
}

/** Stock of a line: missing or nonsensical stock counts as 1 so a line can always hold one unit. */
function stockOf(item: Pick<CartItem, 'maxStock'>): number {
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
  cachedItems = EMPTY;
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (Array.isArray(parsed)) cachedItems = parsed.filter(isCartItem);
    } catch {
      // Corrupt storage: start from an empty cart rather than failing every screen that shows it.
    }
  }
  return cachedItems;
}

function notifyCartChanged(): void {
  window.dispatchEvent(new Event(CART_EVENT));
}

/** Writes the cart and tells every listener (navigation badge, cart view) — on every save. */
export function saveCart(items: CartItem[]): void {
  localStorage.setItem(CART_KEY, JSON.stringify(items));
  notifyCartChanged();
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
  const items = readCart();
  const key = lineKey(item);
  const index = items.findIndex((line) => lineKey(line) === key);
  const current = items[index];
  const maxStock = stockOf(item);
  const wanted = Math.max(1, Math.floor(item.quantity) || 1);
  if (!current) {
    const quantity = Math.min(wanted, maxStock);
    saveCart([...items, { ...item, maxStock, quantity, subTotal: lineTotal(item.price, quantity) }]);
    return quantity < wanted ? { kind: 'capped', available: maxStock } : { kind: 'added' };
  }
  const total = current.quantity + wanted;
  const quantity = Math.min(total, maxStock);
  const next = items.slice();
  next[index] = { ...current, ...item, maxStock, quantity, subTotal: lineTotal(item.price, quantity) };
  saveCart(next);
  return quantity < total ? { kind: 'capped', available: maxStock } : { kind: 'updated' };
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
