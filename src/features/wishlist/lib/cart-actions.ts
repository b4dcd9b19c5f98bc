import type { Product } from '@contract/catalogue';
import { addToCart, cartItemFromProduct, type AddResult, type CartProduct } from '@/lib/cart';
import { notify } from '@/lib/notify';

/** The toast the product page raises for the same outcome, so adding from either place reads the same. */
export function notifyCartResult(result: AddResult): void {
  if (result.kind === 'capped') notify.error(`Only ${result.available} items available in stock`);
  else notify.success(result.kind === 'added' ? 'Added to cart!' : 'Cart updated!');
}

/** From the wishlist a product goes to the cart one unit at a time, with no colour or size chosen. */
export function addOneToCart(product: CartProduct): AddResult {
  const result = addToCart(cartItemFromProduct(product, { quantity: 1 }));
  notifyCartResult(result);
  return result;
}

/** Copies the product's address; a product without an id has no page to point to. */
export async function shareProduct(product: Partial<Pick<Product, '_id'>>): Promise<void> {
  if (!product._id) {
    notify.error('Product data not available');
    return;
  }
  const link = `${window.location.origin}/products/${encodeURIComponent(product._id)}`;
  try {
    await navigator.clipboard.writeText(link);
    notify.success('Product link copied to clipboard!');
  } catch {
    notify.error('Failed to copy link');
  }
}
