import type { Product } from '@contract/catalogue';
import type { Locale } from '@contract/locale';
import { addToCart, cartItemFromProduct, notifyCartResult, type AddResult, type CartProduct, type CartToasts } from '@/lib/cart';
import { notify } from '@/lib/notify';
import type wishlistTexts from '@/messages/wishlist/en';

/** From the wishlist a product goes to the cart one unit at a time, with no colour or size chosen. */
export function addOneToCart(product: CartProduct, text: CartToasts, locale: Locale): AddResult {
  const result = addToCart(cartItemFromProduct(product, { quantity: 1 }));
  notifyCartResult(result, text, locale);
  return result;
}

type ShareTexts = Pick<typeof wishlistTexts, 'noProduct' | 'linkCopied' | 'copyFailed'>;

/** Copies the product's address; a product without an id has no page to point to. */
export async function shareProduct(product: Partial<Pick<Product, '_id'>>, text: ShareTexts): Promise<void> {
  if (!product._id) {
    notify.error(text.noProduct);
    return;
  }
  const link = `${window.location.origin}/products/${encodeURIComponent(product._id)}`;
  try {
    await navigator.clipboard.writeText(link);
    notify.success(text.linkCopied);
  } catch {
    notify.error(text.copyFailed);
  }
}
