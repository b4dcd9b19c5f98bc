import type { Product } from '@contract/catalogue';
import { addToCart, cartItemFromProduct, notifyCartResult, type AddResult, type CartProduct } from '@/lib/cart';
import { notify } from '@/lib/notify';

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
